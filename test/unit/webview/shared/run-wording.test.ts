// The words both run panels use for a run going while its deployment does not answer (issue 17 item 9).

import * as assert from 'node:assert/strict';
import { phaseLabel, unreachableLine } from '../../../../src/webview/shared/run-wording';

describe('run panels: an unreachable deployment', () => {
  it('labels a running run whose deployment does not answer, and no other phase', () => {
    assert.equal(phaseLabel('running', true), 'Deployment unreachable');
    assert.equal(phaseLabel('running', false), 'Running');
    assert.equal(phaseLabel('complete', true), 'Complete');
  });

  it('says since when, and for how long, and that the run carries on by itself', () => {
    const since = new Date(2026, 11, 1, 22, 31, 5).getTime();
    assert.equal(unreachableLine(since, since + 70_000), 'The deployment is unreachable since 22:31:05 (for 1 min 10 s): the run carries on by itself when it answers again.');
  });
});
