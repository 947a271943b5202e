// --timeout of the training commands holds when the garbage collector runs: the built CLI runs with garbage
// collected every few milliseconds (a preload), against a job that never starts, and must stop at its deadline
// with exit 3 and its sentence. A deadline held only weakly (nodejs/node#57736) is collected and never fires: the
// command then follows for ever, and the process is killed at the test's bound instead (code null).

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

/** A job that stays QUEUED for as long as the test lasts. */
const NEVER_STARTS = { trainingStepMs: 3_600_000 };
const GC_OFTEN = ['--expose-gc', '--require', join(__dirname, '../helpers/collect-garbage-often.js')];
/** Far past the 1 s deadline: only a command whose deadline was lost gets here. */
const KILL_AFTER_MS = 20_000;

describe('--timeout of the training commands under garbage collection', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const run = (argv: string[]) => runBuiltCli(argv, { nodeFlags: GC_OFTEN, killAfterMs: KILL_AFTER_MS, stateHome: tmp.path });

  it('train --follow stops at its deadline with exit 3', async () => {
    await withSimulator(NEVER_STARTS, async (sim) => {
      const data = join(tmp.path, 'data.jsonl');
      writeFileSync(data, `${JSON.stringify({ input: 'q', output: 'a' })}\n`);
      const result = await run(['train', data, '--url', sim.url, '--follow', '--poll', '0.01', '--timeout', '1']);
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, /Stopped following job [0-9a-f]{64} \(QUEUED\); it goes on on the deployment/);
    });
  });

  it('logs --follow stops at its deadline with exit 3', async () => {
    await withSimulator(NEVER_STARTS, async (sim) => {
      const data = join(tmp.path, 'data.jsonl');
      writeFileSync(data, `${JSON.stringify({ input: 'q', output: 'a' })}\n`);
      const submitted = await run(['train', data, '--url', sim.url, '--json']);
      const hash = (JSON.parse(submitted.stdout) as { job_hash: string }).job_hash;
      const result = await run(['logs', hash, '--url', sim.url, '--follow', '--poll', '0.01', '--timeout', '1']);
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, new RegExp(`Stopped following\\. Resume with: scalarlm-lab logs ${hash} --follow --from-line 0`));
    });
  });
});
