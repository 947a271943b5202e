// generate's and eval's progress line on the terminal says when the deployment does not answer, right after the bar.

import assert from 'node:assert/strict';
import { progressLine } from '../../../src/cli/progress-bar';

describe('the CLI progress line', () => {
  const progress = { counts: { ok: 3, error: 0, pending: 5, unknown: 0, unsent: 2 }, total: 10, groupsInFlight: 1, elapsedMs: 1000 };

  it('says since when the deployment is unreachable, and that the run retries, where the ETA would be missing', () => {
    const since = new Date(2026, 11, 8, 9, 5, 7).getTime();
    const line = progressLine({ ...progress, unreachableSince: since }, 100);
    assert.match(line, /^\[#+-+\] 3\/10 {2}unreachable since 09:05:07, retrying {2}ok 3/);
  });

  it('says nothing of it while the deployment answers', () => {
    assert.doesNotMatch(progressLine(progress, 100), /unreachable/);
  });
});
