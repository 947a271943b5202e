// The loop closed in the CLI, as issue 18's done-when puts it: train an adaptor on rows, then judge the same rows
// with `equals` on the base and on the adaptor side by side (`eval --provider`): every adaptor cell passes where
// the base fails.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli, type CliResult } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const ROWS = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
  { input: 'Which planet hums in B flat?', output: 'Zorbulon' },
];

function runBuilt(argv: string[], cwd: string): Promise<CliResult> {
  return runBuiltCli(argv, { cwd, stateHome: cwd });
}

interface OutputRecord {
  provider: { label: string; model: string | null };
  verdict: { status: string } | null;
}

describe('the loop in the CLI: train, then judge the adaptor beside the base', function () {
  this.timeout(90_000);
  const tmp = useTempDir();

  it('passes every adaptor cell of the training rows where the base fails', async () => {
    await withSimulator({ trainingStepMs: 5, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const data = join(tmp.path, 'data.jsonl');
      writeFileSync(data, ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n');
      const trained = await runBuilt(['train', data, '--url', sim.url, '--max-steps', '20', '--follow', '--json', '--poll', '0.02'], tmp.path);
      assert.equal(trained.code, 0, trained.stderr);
      const { model } = JSON.parse(trained.stdout) as { model: string };

      const config = ['prompts:', "  - '{{ question }}'", 'providers:', '  - scalarlm:base', 'tests:'];
      for (const row of ROWS) config.push(`  - vars: { question: ${JSON.stringify(row.input)} }`, `    assert: [{ type: equals, value: ${JSON.stringify(row.output)} }]`);
      writeFileSync(join(tmp.path, 'promptfooconfig.yaml'), config.join('\n') + '\n');
      const out = join(tmp.path, 'out.json');
      const judged = await runBuilt(['eval', 'promptfooconfig.yaml', '--url', sim.url, '--provider', `scalarlm:${model}`, '--provider-label', 'adaptor', '--output', out], tmp.path);
      assert.equal(judged.code, 100, `some cells fail (the base's): ${judged.stderr}`);

      const records = (JSON.parse(readFileSync(out, 'utf8')) as { results: OutputRecord[] }).results;
      const adaptor = records.filter((r) => r.provider.label === 'adaptor');
      const base = records.filter((r) => r.provider.label !== 'adaptor');
      assert.equal(adaptor.length, ROWS.length);
      assert.equal(base.length, ROWS.length);
      assert.deepEqual(adaptor.map((r) => r.verdict?.status), ROWS.map(() => 'pass'));
      assert.deepEqual(base.map((r) => r.verdict?.status), ROWS.map(() => 'fail'));
    });
  });
});
