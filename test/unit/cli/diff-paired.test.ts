// Two columns over the same rows (issue 24, 3): `diff RUN --columns 1,2` gives the exact McNemar test over the rows
// whose verdicts differ, with its p in --json and a plain verdict: 0/6 against 3/6 is 3 discordant rows, p = 0.25,
// no difference six rows can show.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab diff --columns: the paired test', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('gives exact McNemar p = 0.25 for base 0/6 and the other column 3/6', async () => {
    await withSimulator({}, async (sim) => {
      const lines = ['prompts:', "  - id: base\n    label: base\n    raw: '{{ q }} [[sim:respond=no idea]]'", "  - id: tuned\n    label: tuned\n    raw: '{{ q }} [[sim:respond={{ tuned }}]]'", 'providers:', '  - scalarlm:base', 'tests:'];
      for (let row = 0; row < 6; row++) lines.push(`  - vars: { q: "question ${row}", tuned: "${row < 3 ? `answer ${row}` : 'no idea'}" }`, `    assert: [{ type: equals, value: "answer ${row}" }]`);
      write('promptfooconfig.yaml', lines.join('\n') + '\n');
      const env = { XDG_STATE_HOME: join(tmp.path, 'state') };
      const run = await runCli(['eval', '--url', sim.url], { env, cwd: tmp.path });
      assert.equal(run.code, 100, run.stderr);
      assert.match(run.stdout, /0\/6 passed \(0%, 0-39%\)/);
      assert.match(run.stdout, /3\/6 passed \(50%, 19-81%\)/);
      const runId = /([0-9a-f-]{36})\.ledger\.jsonl/.exec(run.stderr)?.[1] ?? '';

      const json = await runCli(['diff', runId, '--columns', 'base,tuned', '--json'], { env, cwd: tmp.path });
      const paired = (JSON.parse(json.stdout) as { paired: { rows: number; better: number; worse: number; pValue: number; outcome: string; text: string } }).paired;
      assert.deepEqual({ rows: paired.rows, better: paired.better, worse: paired.worse, pValue: paired.pValue, outcome: paired.outcome }, { rows: 6, better: 3, worse: 0, pValue: 0.25, outcome: 'no-difference' });

      const text = await runCli(['diff', runId, '--columns', '1,2'], { env, cwd: tmp.path });
      assert.match(text.stdout, /^Judged on both sides: 6 \(better on 3 rows, worse on 0\): no difference this data can show \(6 rows; about 11 would be needed to see a change of this size; p = 0\.25\)\.$/m);
    });
  });
});
