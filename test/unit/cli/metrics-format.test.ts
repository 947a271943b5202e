// scalarlm-lab metrics: FLOP/s with SI prefixes rather than an eleven-digit number.

import assert from 'node:assert/strict';
import { formatSi } from '../../../src/core/monitor/metric-rows';
import { ScalarLMClient } from '../../../src/core/api/client';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';

describe('scalarlm-lab metrics: SI units', () => {
  it('writes values with an SI prefix and one decimal', () => {
    assert.equal(formatSi(51649467810.16, 'FLOP/s'), '51.6 GFLOP/s');
    assert.equal(formatSi(0, 'FLOP/s'), '0 FLOP/s');
    assert.equal(formatSi(999.4, 'FLOP/s'), '999.4 FLOP/s');
    assert.equal(formatSi(999_960, 'FLOP/s'), '1.0 MFLOP/s');
    assert.equal(formatSi(2.5e15, 'FLOP/s'), '2.5 PFLOP/s');
  });

  it('prints FLOP/s with a prefix, and the other metrics as before', async () => {
    await withSimulator({}, async (sim) => {
      const client = new ScalarLMClient({ baseUrl: sim.url });
      await client.generate({ prompts: ['count my flops'], max_tokens: 8 }).finally(() => client.close());
      const result = await runCli(['metrics', '--url', sim.url]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^FLOP\/s \(60 s\) +\d+\.\d [kMGTPE]FLOP\/s$/m);
      assert.match(result.stdout, /^Queue depth +0$/m);
    });
  });
});
