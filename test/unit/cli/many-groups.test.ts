// Many groups in flight at once share the command's signal: Node must not take them for a listener leak and
// print its MaxListenersExceededWarning on the user's terminal (issue 26 item 9).

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab generate with many groups in flight', () => {
  const tmp = useTempDir();

  it('runs 20 groups at once without a MaxListenersExceededWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await withSimulator({ zeroLatency: false, tokensPerSecond: 20, slots: 64 }, async (sim) => {
        const file = join(tmp.path, 'many.jsonl');
        writeFileSync(file, Array.from({ length: 200 }, (_, i) => JSON.stringify(`prompt ${i}`)).join('\n'));
        const result = await runCli(['generate', file, '--url', sim.url, '--group-size', '5', '--in-flight', '20', '--max-tokens', '4'], { env: { XDG_STATE_HOME: tmp.path } });
        assert.equal(result.code, 0, result.stderr);
        assert.ok(sim.stats().requests['POST /v1/generate']! >= 20, 'the groups were sent');
      });
      // Warnings are emitted on the next tick: let them land before looking.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message), []);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
