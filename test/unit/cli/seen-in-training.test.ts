// Seen in training, beyond the done-when's text prompts: chat cells matched under the deployment's rendering,
// the mark in every --output format (JSONL, CSV's seen_in_training, a JUnit property, the HTML report's badge), and
// "unknown", never unseen, for an adaptor the deployment has no dataset for.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { SimHandle } from '../../../src/sim';
import { jsonLines, runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const ROWS = [
  ['Quux', 'Quuxville'],
  ['Zorb', 'Zorbulon'],
  ['Lint', 'Lintopia'],
  ['Wob', 'Wobbleton'],
];

describe('seen in training: chat cells and every report', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });

  function experiment(): string {
    write('chat.json', JSON.stringify([{ role: 'system', content: 'Answer with a name.' }, { role: 'user', content: 'The capital of {{ land }}?' }]));
    const tests = ROWS.flatMap(([land, capital]) => [`  - description: ${land}`, `    vars: {land: ${land}}`, `    assert: [{type: equals, value: ${capital}}]`]);
    return write('c.yaml', ['prompts:', '  - file://chat.json', 'providers:', '  - scalarlm:base', 'tests:', ...tests].join('\n') + '\n');
  }

  it('marks the chat cells an adaptor was trained on, in JSONL, CSV, JUnit and HTML', async () => {
    await withSimulator({ trainingStepMs: 2, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const config = experiment();
      const base = await cli(sim, ['eval', config]);
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(base.stderr)?.[1];
      assert.ok(runId, base.stderr);
      const exported = await cli(sim, ['export-training', runId, '--holdout', '0.5', '--json']);
      assert.equal(exported.code, 0, exported.stderr);
      const { holdout } = JSON.parse(exported.stdout) as { holdout: { trained: { label: string }[] } };
      const trained = await cli(sim, ['train', 'data.jsonl', '--max-steps', '5', '--follow', '--json', '--poll', '0.02']);
      assert.equal(trained.code, 0, trained.stderr);
      const { model } = JSON.parse(trained.stdout) as { model: string };

      const run = (output: string) => cli(sim, ['eval', config, '--provider', `scalarlm:${model}`, '--provider-label', 'tuned', '--output', output]);
      assert.equal((await run('out.jsonl')).code, 100);
      const records = jsonLines(readFileSync(join(tmp.path, 'out.jsonl'), 'utf8')) as { provider: { label: string }; test: { description: string }; seenInTraining?: unknown }[];
      const tuned = records.filter((r) => r.provider.label === 'tuned');
      assert.deepEqual(tuned.filter((r) => r.seenInTraining === true).map((r) => r.test.description).sort(), holdout.trained.map((row) => row.label).sort());
      assert.equal(tuned.filter((r) => r.seenInTraining === false).length, 2);

      assert.equal((await run('out.csv')).code, 100);
      const rows = parse(readFileSync(join(tmp.path, 'out.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      assert.deepEqual(rows.filter((r) => r.provider === 'tuned').map((r) => r.seen_in_training).sort(), ['false', 'false', 'true', 'true']);
      assert.deepEqual(rows.filter((r) => r.provider !== 'tuned').map((r) => r.seen_in_training), ['', '', '', '']);

      assert.equal((await run('out.xml')).code, 100);
      const xml = readFileSync(join(tmp.path, 'out.xml'), 'utf8');
      assert.equal(xml.match(/<property name="seenInTraining" value="true"\/>/g)?.length, 2);
      assert.equal(xml.match(/<property name="seenInTraining" value="false"\/>/g)?.length, 2);

      assert.equal((await run('out.html')).code, 100);
      const html = readFileSync(join(tmp.path, 'out.html'), 'utf8');
      assert.equal(html.match(/<span class="seen" [^>]*>seen in training<\/span>/g)?.length, 2);
      assert.match(html, /<span class="split">unseen 0\/2 \(0%, 0-66%\) · seen 2\/2 \(100%, 34-100%\)<\/span>/);

      // Sampled, the adaptor's cells go as chat: the deployment renders them, and nothing reads that rendering back.
      // The data holds its batch rendering, not the documented one: whether they were seen cannot be said.
      const sampled = readFileSync(config, 'utf8').replace('  - scalarlm:base\n', `  - scalarlm:base\n  - id: scalarlm:${model}\n    label: sampled\n    config: {temperature: 0.7}\n`);
      const judged = await cli(sim, ['eval', write('sampled.yaml', sampled), '--output', 'sampled.jsonl']);
      assert.match(judged.stderr, /via chat/);
      const sampledCells = jsonLines(readFileSync(join(tmp.path, 'sampled.jsonl'), 'utf8')) as { provider: { label: string }; seenInTraining?: unknown }[];
      assert.deepEqual(sampledCells.filter((r) => r.provider.label === 'sampled').map((r) => r.seenInTraining), ['unknown', 'unknown', 'unknown', 'unknown']);
    });
  });

  it('says "unknown", never unseen, for an adaptor the deployment has no dataset for, and shows its one pass rate', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      // sha256("test"): an example adaptor the simulator serves with no dataset behind it.
      const adaptor = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
      const judged = await cli(sim, ['eval', experiment(), '--provider', `scalarlm:${adaptor}`, '--provider-label', 'elsewhere', '--output', 'out.jsonl']);
      assert.equal(judged.code, 100, judged.stderr);
      assert.match(judged.stderr, /Column 2 \(.* × elsewhere\): whether its cells were seen in training is unknown: The deployment has no training job/);
      const records = jsonLines(readFileSync(join(tmp.path, 'out.jsonl'), 'utf8')) as { provider: { label: string }; seenInTraining?: unknown }[];
      assert.deepEqual(records.filter((r) => r.provider.label === 'elsewhere').map((r) => r.seenInTraining), ['unknown', 'unknown', 'unknown', 'unknown']);
      const figures = judged.stdout.split('\n')[3]; // under the prompt, provider and transport lines
      assert.match(figures, /│ 0\/4 passed \(0%, 0-49%\)$/);
      assert.equal(judged.stdout.split('\n').filter((line) => line.includes('[seen?] FAIL')).length, 4);
    });
  });
});
