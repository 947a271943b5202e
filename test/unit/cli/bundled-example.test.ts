// The bundled examples/experiment runs on a fresh simulator, which has no trained adaptor, as a real deployment
// (training.md §11.9): it names base-model columns only, so every cell is answered and judged.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const EXAMPLE = join(__dirname, '../../../../examples/experiment/promptfooconfig.yaml');

describe('the bundled example experiment', () => {
  const tmp = useTempDir();

  it('runs on a deployment with no trained adaptor: every cell answered and judged', async () => {
    await withSimulator({}, async (sim) => {
      const result = await runCli(['eval', EXAMPLE, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      // 100: every cell answered, some failing an assertion (the simulator's answers are random words, some too long).
      assert.ok(result.code === 0 || result.code === 100, `exit ${result.code}: ${result.stderr}`);
      assert.match(result.stderr, /^10 cells: 10 ok; 10 sent, 0 fetched rather than sent \(\d+ ms\)\. Assertions: \d+ passed, \d+ failed\.$/m);
    });
  });
});
