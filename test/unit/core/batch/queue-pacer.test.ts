// The queue pacer while the deployment goes away and comes back (issue 17 item 9): it says since when the
// deployment does not answer, shows no stale figures meanwhile, and forgets the outage at the next answer.

import assert from 'node:assert/strict';
import type { ScalarLMApi } from '../../../../src/core/api/api';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { QueuePacer } from '../../../../src/core/batch/queue-pacer';
import { FAST, withSimulator } from '../../helpers/simulator';

describe('queue pacer', () => {
  it('knows since when the deployment is unreachable, hides the last figures meanwhile, and clears at the next answer', async () => {
    await withSimulator(FAST, async (sim) => {
      const up = new ScalarLMClient({ baseUrl: sim.url });
      const down = new ScalarLMClient({ baseUrl: 'http://127.0.0.1:9' });
      let current = up;
      const api = { metrics: (options: Parameters<ScalarLMApi['metrics']>[0]) => current.metrics(options) } as ScalarLMApi;
      try {
        const pacer = new QueuePacer(api, { intervalMs: 1000 });
        await pacer.sample();
        assert.notEqual(pacer.metrics, undefined);
        assert.equal(pacer.unreachableSince, undefined);

        current = down;
        const before = Date.now();
        await pacer.sample();
        const since = pacer.unreachableSince;
        assert.ok(since !== undefined && since >= before, 'the outage starts at the first failed sample');
        assert.equal(pacer.metrics, undefined, 'no figures of a deployment that does not answer');
        await pacer.sample();
        assert.equal(pacer.unreachableSince, since, 'a second failure does not move the start');

        current = up;
        await pacer.sample();
        assert.equal(pacer.unreachableSince, undefined);
        assert.notEqual(pacer.metrics, undefined);
      } finally {
        await up.close();
        await down.close();
      }
    });
  });
});
