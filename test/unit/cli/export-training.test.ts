// scalarlm-lab export-training: an experiment run's expected answers or passing answers, or a results run's
// answers, as {"input", "output"} lines; a chat prompt's input as the deployment rendered it when it did;
// refusals with exit 2.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const lines = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { input: string; output: string });

describe('scalarlm-lab export-training', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
  const runIdOf = (stderr: string) => {
    const id = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(stderr)?.[1];
    assert.ok(id, stderr);
    return id;
  };

  it('--from expected pairs each row\'s equals answer (or __expected cell) with the prompt sent; rows without one are left out', async () => {
    await withSimulator({}, async (sim) => {
      write('rows.csv', 'city,__expected\nParis,France\nLima,\nOslo,equals:Norway\nRome,contains:Italy\n');
      const config = write('c.yaml', 'prompts:\n  - "Country of {{ city }}?"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const run = await cli(sim, ['eval', config]);
      const out = join(tmp.path, 'data.jsonl');
      const exported = await cli(sim, ['export-training', runIdOf(run.stderr)]);
      assert.equal(exported.code, 0, exported.stderr);
      assert.deepEqual(lines(out), [
        { input: 'Country of Paris?', output: 'France' },
        { input: 'Country of Oslo?', output: 'Norway' },
      ]);
      assert.match(exported.stderr, /2 left out \(no expected answer\)/);
    });
  });

  it('--expected-var takes the answer from a dataset column; the run can be named by its ledger file', async () => {
    await withSimulator({}, async (sim) => {
      write('rows.csv', 'city,country\nParis,France\nLima,Peru\n');
      const config = write('c.yaml', 'prompts:\n  - "Country of {{ city }}?"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const run = await cli(sim, ['eval', config]);
      const ledger = /Run started: (\S+)/.exec(run.stderr)?.[1];
      assert.ok(ledger, run.stderr);
      const exported = await cli(sim, ['export-training', ledger, '--expected-var', 'country', '--out', 'mine.jsonl']);
      assert.equal(exported.code, 0, exported.stderr);
      assert.deepEqual(lines(join(tmp.path, 'mine.jsonl')), [
        { input: 'Country of Paris?', output: 'France' },
        { input: 'Country of Lima?', output: 'Peru' },
      ]);
    });
  });

  it('--from passing takes the named column\'s answers that passed every assertion', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const config = write(
        'c.yaml',
        'prompts:\n  - "Say {{ word }} [[sim:respond={{ word }}]]"\nproviders:\n  - scalarlm:base\n  - id: scalarlm:latest\n    label: tuned\n' +
          'tests:\n  - vars: {word: yes}\n    assert: [{type: equals, value: "yes"}]\n  - vars: {word: no}\n    assert: [{type: equals, value: "yes"}]\n',
      );
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      const ambiguous = await cli(sim, ['export-training', runId, '--from', 'passing']);
      assert.equal(ambiguous.code, 2, ambiguous.stderr);
      assert.match(ambiguous.stderr, /2 columns: name one with --column \(1: .* × scalarlm:base; 2: .* × tuned\)/);
      const exported = await cli(sim, ['export-training', runId, '--from', 'passing', '--column', 'tuned']);
      assert.equal(exported.code, 0, exported.stderr);
      assert.deepEqual(lines(join(tmp.path, 'data.jsonl')), [{ input: 'Say yes [[sim:respond=yes]]', output: 'yes' }]);
      const unknown = await cli(sim, ['export-training', runId, '--column', '7']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /--column: no column is "7"; the run's columns: 1 = .* × scalarlm:base, 2 = .* × tuned\./);
      const both = await cli(sim, ['export-training', runId, '--from', 'passing', '--column', 'Say {{ word }} [[sim:respond={{ word }}]]']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--column: "Say \{\{ word \}\} \[\[sim:respond=\{\{ word \}\}\]\]" names 2 columns \(1 = .*, 2 = .*\): give the one you mean by its number\./);
    });
  });

  it('a results run gives its prompts and answers; a chat prompt sent through the queue is the text the deployment rendered', async () => {
    await withSimulator({}, async (sim) => {
      const prompts = write('p.jsonl', '"Hello [[sim:respond=Hi]]"\n{"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Name a colour [[sim:respond=blue]]"}]}\n');
      const run = await cli(sim, ['generate', prompts]);
      assert.equal(run.code, 0, run.stderr);
      const exported = await cli(sim, ['export-training', runIdOf(run.stderr)]);
      assert.equal(exported.code, 0, exported.stderr);
      assert.deepEqual(lines(join(tmp.path, 'data.jsonl')), [
        { input: 'Hello [[sim:respond=Hi]]', output: 'Hi' },
        // The simulated model's template (a Gemma's), as the server stored the queued prompt.
        { input: '<bos><start_of_turn>user\nBe brief.\n\nName a colour [[sim:respond=blue]]<end_of_turn>\n<start_of_turn>model\n', output: 'blue' },
      ]);
      const refused = await cli(sim, ['export-training', runIdOf(run.stderr), '--from', 'passing']);
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /not an experiment's run/);
    });
  });

  it('chat cells (sampled) are written in the documented rendering, and said so', async () => {
    await withSimulator({}, async (sim) => {
      write('p.json', JSON.stringify([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Name {{ thing }} [[sim:respond=ok]]' }]));
      const config = write('c.yaml', 'prompts:\n  - file://p.json\nproviders:\n  - id: scalarlm:base\n    config: {temperature: 0.7}\ntests:\n  - vars: {thing: a colour}\n    assert: [{type: equals, value: ok}]\n');
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      const exported = await cli(sim, ['export-training', runId, '--from', 'passing']);
      assert.equal(exported.code, 0, exported.stderr);
      assert.deepEqual(lines(join(tmp.path, 'data.jsonl')), [{ input: 'system:\nBe brief.\n\nuser:\nName a colour [[sim:respond=ok]]', output: 'ok' }]);
      assert.match(exported.stderr, /1 chat prompt was not rendered by the deployment/);
    });
  });

  it('refuses an export with no examples (saying why, and what else would give some), and a run it cannot find, with exit 2', async () => {
    await withSimulator({}, async (sim) => {
      const config = write('c.yaml', 'prompts:\n  - "Hi {{ x }}"\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {x: 1}\n');
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      const empty = await cli(sim, ['export-training', runId]);
      assert.equal(empty.code, 2);
      // Said before anything is written, with why and what would give examples.
      assert.match(empty.stderr, /--from expected gives nothing to train on: no row has an equals assertion or an __expected cell\. Instead: --expected-var x \(1 of 1\)\./);
      assert.ok(!existsSync(join(tmp.path, 'data.jsonl')));
      const missing = await cli(sim, ['export-training', 'no-such-run']);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /No run in .* "no-such-run"/);
      const bad = await cli(sim, ['export-training', runId, '--from', 'best']);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--from must be expected, passing or reviewed/);
    });
  });

  it('refuses to overwrite an existing file (data.jsonl or --out) unless --force, before asking the deployment', async () => {
    await withSimulator({}, async (sim) => {
      write('rows.csv', 'city,__expected\nParis,France\n');
      const config = write('c.yaml', 'prompts:\n  - "Country of {{ city }}?"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      const earlier = write('data.jsonl', '{"input": "mine", "output": "keep me"}\n');
      write('mine.jsonl', '{"input": "mine", "output": "keep me too"}\n');
      const requests = () => Object.values(sim.stats().requests).reduce((sum, n) => sum + n, 0);
      const asked = requests();
      for (const out of [[], ['--out', 'mine.jsonl']]) {
        const refused = await cli(sim, ['export-training', runId, ...out]);
        assert.equal(refused.code, 2, refused.stderr);
        const file = join(tmp.path, out[1] ?? 'data.jsonl').replace(/[.\\/]/g, '\\$&');
        assert.match(refused.stderr, new RegExp(`${file} already exists: pass --force to overwrite it, or --out FILE to write elsewhere\\.`));
      }
      assert.equal(readFileSync(earlier, 'utf8'), '{"input": "mine", "output": "keep me"}\n');
      assert.equal(requests(), asked, 'the deployment was not asked');
      const forced = await cli(sim, ['export-training', runId, '--force']);
      assert.equal(forced.code, 0, forced.stderr);
      assert.deepEqual(lines(earlier), [{ input: 'Country of Paris?', output: 'France' }]);
    });
  });

  it('--holdout keeps a fraction of the rows out, says which, and records where the file came from', async () => {
    await withSimulator({}, async (sim) => {
      write('rows.csv', 'city,__expected\nParis,France\nLima,Peru\nOslo,Norway\nRome,Italy\n');
      const config = write('c.yaml', 'prompts:\n  - "Country of {{ city }}?"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      const exported = await cli(sim, ['export-training', runId, '--holdout', '0.25', '--seed', '7', '--json']);
      assert.equal(exported.code, 0, exported.stderr);
      const { holdout } = JSON.parse(exported.stdout) as { holdout: { fraction: number; seed: number; heldOut: { key: string; label: string }[]; trained: { key: string; label: string }[] } };
      assert.deepEqual([holdout.fraction, holdout.seed, holdout.heldOut.length, holdout.trained.length], [0.25, 7, 1, 3]);
      const [held] = holdout.heldOut;
      assert.match(exported.stderr, new RegExp(`Held out 1 of 4 rows \\(fraction 0\\.25, seed 7\\); they are not in the data:\\n  ${held.label}  \\(${held.key}\\)`));
      const inputs = lines(join(tmp.path, 'data.jsonl')).map((line) => line.input);
      assert.equal(inputs.length, 3);
      assert.ok(!inputs.includes(`Country of ${held.label.replace('city=', '')}?`), 'the held-out row is not in the data');

      const records = join(tmp.path, 'scalarlm-lab', 'runs', 'training-data');
      const [file] = readdirSync(records);
      const record = JSON.parse(readFileSync(join(records, file), 'utf8')) as Record<string, unknown>;
      assert.equal(record.examples, 3);
      assert.deepEqual(record.run, { id: runId, title: 'c.yaml' });
      assert.equal(record.experiment, 'c.yaml', 'relative to where the export ran');
      assert.deepEqual(record.column, { number: 1, label: 'Country of {{ city }}? × scalarlm:base' });
      assert.deepEqual(record.split, { fraction: 0.25, seed: 7, heldOut: [held.key], trained: holdout.trained.map((row) => row.key) });
    });
  });

  it('refuses a holdout fraction outside (0, 1), --seed without --holdout, and a holdout of a results run, with exit 2', async () => {
    await withSimulator({}, async (sim) => {
      const config = write('c.yaml', 'prompts:\n  - "Hi {{ x }}"\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {x: 1}\n    assert: [{type: equals, value: a}]\n');
      const runId = runIdOf((await cli(sim, ['eval', config])).stderr);
      for (const fraction of ['0', '1', '1.5', '-0.2', 'half', '']) {
        const refused = await cli(sim, ['export-training', runId, `--holdout=${fraction}`]);
        assert.equal(refused.code, 2, fraction);
        assert.match(refused.stderr, new RegExp(`--holdout: the held-out fraction must be between 0 and 1 \\(exclusive\\), such as 0\\.2; got "${fraction.replace('.', '\\.')}"`));
      }
      const seedAlone = await cli(sim, ['export-training', runId, '--seed', '3']);
      assert.equal(seedAlone.code, 2);
      assert.match(seedAlone.stderr, /--seed picks the rows --holdout keeps out: give --holdout FRACTION too/);
      const badSeed = await cli(sim, ['export-training', runId, '--holdout', '0.5', '--seed', '1.5']);
      assert.equal(badSeed.code, 2);
      assert.match(badSeed.stderr, /--seed must be a whole number/);
      const results = await cli(sim, ['generate', write('p.jsonl', '"Hello"\n')]);
      const onResults = await cli(sim, ['export-training', runIdOf(results.stderr), '--holdout', '0.5']);
      assert.equal(onResults.code, 2);
      assert.match(onResults.stderr, /not an experiment's run: .*--holdout do not apply/);
    });
  });
});
