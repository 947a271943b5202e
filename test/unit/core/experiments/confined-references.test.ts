// Every kind of file reference a workspace file can write, read under Restricted Mode's file access: each one
// that leads outside the workspace folder (../, an absolute path, a link, a glob, a sibling folder whose name
// begins with the workspace's) is refused at the file:line of the reference as a trust refusal, and the same
// files inside the workspace still load.

import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, expandTests, loadExperimentConfig, type ExperimentConfig } from '../../../../src/core/experiments/config';
import { experimentFromConfig, experimentFromPrompty } from '../../../../src/core/experiments/experiment-spec';
import { confinedTo, guardedRead, UNCONFINED } from '../../../../src/core/files/file-access';
import { loadParameters, loadSample, parsePrompty, TemplateTrustError } from '../../../../src/core/templates';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

const SECRET = 'SECRET-OUTSIDE';

async function configRefusal(path: string, access: ReturnType<typeof confinedTo>): Promise<ConfigError> {
  try {
    await loadExperimentConfig(path, access);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail('expected the config to be refused');
}

async function trustRefusal(work: () => Promise<unknown>): Promise<TemplateTrustError> {
  try {
    await work();
  } catch (error) {
    assert.ok(error instanceof TemplateTrustError, String(error));
    assert.doesNotMatch(error.message, new RegExp(SECRET), 'the refusal shows what the file holds');
    return error;
  }
  assert.fail('expected a trust refusal');
}

async function allTests(config: ExperimentConfig): Promise<unknown[]> {
  const tests: unknown[] = [];
  for await (const test of expandTests(config)) tests.push(test.vars);
  return tests;
}

describe('file references in Restricted Mode', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const ws = () => join(tmp.path, 'ws');
  const access = () => confinedTo([ws()]);
  /** An experiment file at ws/exp/promptfooconfig.yaml: `../../x` is beside the workspace folder. */
  const config = (text: string) => write('ws/exp/promptfooconfig.yaml', `${text}providers:\n  - scalarlm:base\n`);

  beforeEach(() => {
    write('secret.txt', SECRET);
    write('secret.json', JSON.stringify({ name: SECRET }));
    write('cases.csv', `q\n${SECRET}\n`);
    write('default.yaml', `vars:\n  q: ${SECRET}\n`);
    write('vars.yaml', `q: ${SECRET}\n`);
    write('ws-evil/secret.txt', SECRET);
  });

  it('refuses a prompt file://../ at its line, as a trust refusal, in every form that leads out', async () => {
    const forms: [string, RegExp][] = [
      ['../../secret.txt', /`\.\.\/\.\.\/secret\.txt` is outside the workspace folder \(.*\/secret\.txt\)/],
      [join(tmp.path, 'secret.txt'), /is outside the workspace folder/],
      ['../../ws-evil/secret.txt', /`\.\.\/\.\.\/ws-evil\/secret\.txt` is outside the workspace folder/],
      ['../../*.txt', /`\.\.\/\.\.\/\*\.txt` is outside the workspace folder/],
    ];
    for (const [reference, detail] of forms) {
      const path = config(`description: refs\nprompts:\n  - file://${reference}\n`);
      const error = await configRefusal(path, access());
      assert.equal(error.errors.length, 1, error.message);
      const [problem] = error.errors;
      assert.equal(problem.line, 3, reference);
      assert.equal(problem.refused, true);
      assert.match(problem.detail, detail);
      assert.match(problem.detail, /trust the folder \(Manage Workspace Trust\) to read it/);
      assert.ok(error.refusal instanceof TemplateTrustError, 'the editor can offer to trust the folder');
      assert.equal(error.refusal.line, 3);
    }
  });

  it('refuses a link inside the workspace that leads out, and a glob that matches one', async () => {
    write('ws/exp/prompts/fine.txt', 'Say hi');
    symlinkSync(join(tmp.path, 'secret.txt'), join(ws(), 'exp', 'prompts', 'link.txt'));
    const direct = await configRefusal(config('prompts:\n  - file://prompts/link.txt\n'), access());
    assert.match(direct.errors[0].detail, /^`prompts\/link\.txt` is a link to .*\/secret\.txt, outside the workspace folder/);
    const globbed = await configRefusal(config('prompts:\n  - file://prompts/*.txt\n'), access());
    assert.equal(globbed.errors[0].line, 2);
    assert.match(globbed.errors[0].detail, /`prompts\/link\.txt` is a link to .*, outside the workspace folder/);
  });

  it('refuses tests, defaultTest and vars files outside, each at its line', async () => {
    const tests = await configRefusal(config('prompts:\n  - "{{ q }}"\ntests: file://../../cases.csv\n'), access());
    assert.deepEqual([tests.errors[0].line, tests.errors[0].refused], [3, true]);
    const defaults = await configRefusal(config('prompts:\n  - "{{ q }}"\ndefaultTest: file://../../default.yaml\n'), access());
    assert.deepEqual([defaults.errors[0].line, defaults.errors[0].refused], [3, true]);

    for (const vars of ['{q: file://../../secret.txt}', '{q: "file://../../*.txt"}', 'file://../../vars.yaml']) {
      const loaded = await loadExperimentConfig(config(`prompts:\n  - "{{ q }}"\ntests:\n  - description: one\n    vars: ${vars}\n`), access());
      const error = await trustRefusal(() => allTests(loaded));
      assert.equal(error.line, 4, vars);
      assert.match(error.detail, /is outside the workspace folder/);
    }
  });

  it("refuses a .prompty's ${file:…} parameters, sample and sample values outside", async () => {
    write('tools.json', `[{"type": "function", "function": {"name": "${SECRET}"}}]`);
    write('ws/p/with-tools.prompty', '---\nmodel:\n  parameters:\n    tools: ${file:../../tools.json}\n---\nuser:\nHi\n');
    const parameters = await trustRefusal(() => experimentFromConfig(config('prompts:\n  - file://../p/with-tools.prompty\n'), { access: access() }));
    assert.equal(parameters.line, 4);
    assert.match(parameters.detail, /^`\.\.\/\.\.\/tools\.json` is outside the workspace folder/);

    const read = guardedRead(access(), (path) => readFile(path, 'utf8'));
    const sampleFile = parsePrompty('---\nsample: ${file:../../secret.json}\n---\nuser:\n{{name}}\n', join(ws(), 'p', 'a.prompty'));
    const sample = await trustRefusal(() => loadSample(sampleFile, read));
    assert.deepEqual([sample.line, sample.detail.split(' is ')[0]], [2, '`../../secret.json`']);
    const sampleValue = parsePrompty('---\nsample:\n  name: ${file:../../secret.txt}\n---\nuser:\n{{name}}\n', join(ws(), 'p', 'b.prompty'));
    assert.equal((await trustRefusal(() => loadSample(sampleValue, read))).line, 3);
    const parameter = parsePrompty('---\nmodel:\n  parameters:\n    stop: ${file:/etc/hostname}\n---\nuser:\nHi\n', join(ws(), 'p', 'c.prompty'));
    assert.equal((await trustRefusal(() => loadParameters(parameter, read))).line, 4);
  });

  it('reads the same kinds of reference inside the workspace', async () => {
    write('ws/exp/prompts/p.txt', 'Q: {{ q }}');
    write('ws/exp/cases.csv', 'q\nfrom the csv\n');
    write('ws/exp/default.yaml', 'options: {}\n');
    write('ws/exp/vars.yaml', 'q: from vars.yaml\n');
    write('ws/exp/q.txt', 'from q.txt\n');
    const loaded = await loadExperimentConfig(
      config('prompts:\n  - file://prompts/*.txt\ndefaultTest: file://default.yaml\ntests:\n  - file://cases.csv\n  - vars: file://vars.yaml\n  - vars: {q: file://q.txt}\n'),
      access(),
    );
    assert.deepEqual(await allTests(loaded), [{ q: 'from the csv' }, { q: 'from vars.yaml' }, { q: 'from q.txt' }]);
    write('ws/p/sample.json', '{"name": "Ada"}');
    const prompty = parsePrompty('---\nsample: ${file:sample.json}\n---\nuser:\n{{name}}\n', join(ws(), 'p', 'a.prompty'));
    assert.deepEqual(await loadSample(prompty, guardedRead(access(), (path) => readFile(path, 'utf8'))), { name: 'Ada' });
  });

  it("runs a .prompty over a dataset the user picked outside the workspace, not over a link the workspace planted", async () => {
    const prompty = write('ws/p/ask.prompty', '---\nname: Ask\ntemplate: mustache\n---\nuser:\n{{q}}\n');
    const picked = await experimentFromPrompty(prompty, { access: access(), dataset: join(tmp.path, 'cases.csv') });
    const rows: unknown[] = [];
    for await (const test of picked.tests()) rows.push(test.vars);
    assert.deepEqual(rows, [{ q: SECRET }], "the user's own pick is read");
    symlinkSync(join(tmp.path, 'cases.csv'), join(ws(), 'p', 'cases.csv'));
    const planted = await trustRefusal(() => experimentFromPrompty(prompty, { access: access(), dataset: join(ws(), 'p', 'cases.csv') }));
    assert.match(planted.detail, /^`cases\.csv` is a link to .*cases\.csv, outside the workspace folder/);
  });

  it('reads every one of them unconfined (the CLI, a trusted workspace)', async () => {
    const loaded = await loadExperimentConfig(config('prompts:\n  - file://../../secret.txt\ntests:\n  - vars: {q: file://../../secret.txt}\n'), UNCONFINED);
    assert.deepEqual(await allTests(loaded), [{ q: SECRET }]);
  });
});
