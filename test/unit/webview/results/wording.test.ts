import * as assert from 'node:assert/strict';
import type { CountsView } from '../../../../src/protocol/results';
import { RUN_ACTIONS, toolbarButtons, unknownGroupExplanation, resubmitLabel } from '../../../../src/webview/results/wording';
import { PHASE_LABELS } from '../../../../src/webview/shared/run-wording';

function counts(partial: Partial<CountsView>): CountsView {
  return { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0, ...partial };
}

describe('results webview: wording and toolbar', () => {
  it('enables retry when items failed, even while the run goes on', () => {
    const running = toolbarButtons('running', counts({ error: 3 }));
    assert.deepEqual(running.retryFailed, { label: 'Retry failed (3)', enabled: true });
    assert.equal(toolbarButtons('complete', counts({ ok: 4 })).retryFailed.enabled, false);
  });

  it('offers to resume polling pending items only once the run has stopped', () => {
    assert.equal(toolbarButtons('running', counts({ pending: 2 })).resumePending.enabled, false);
    assert.deepEqual(toolbarButtons('deadline', counts({ pending: 2 })).resumePending, { label: 'Resume (2 pending)', enabled: true });
    assert.deepEqual(toolbarButtons('cancelled', counts({ pending: 128, unsent: 280 })).resumePending, { label: 'Resume (128 pending, 280 unsent)', enabled: true });
    assert.deepEqual(toolbarButtons('complete', counts({})).resumePending, { label: 'Resume', enabled: false });
    assert.equal(toolbarButtons('deadline', counts({})).resumePending.enabled, false);
  });

  it('offers cancel only while running, exports and the ledger always', () => {
    for (const phase of ['complete', 'cancelled', 'deadline', 'failed', 'stopped'] as const) {
      const buttons = toolbarButtons(phase, counts({}));
      assert.equal(buttons.cancel.enabled, false, phase);
      assert.equal(buttons.exportJsonl.enabled && buttons.exportCsv.enabled && buttons.openLedger.enabled, true, phase);
    }
    assert.equal(toolbarButtons('running', counts({})).cancel.enabled, true);
  });

  it('has a button for every run action and a label for every phase', () => {
    assert.deepEqual([...RUN_ACTIONS].sort(), Object.keys(toolbarButtons('running', counts({}))).sort());
    assert.equal(PHASE_LABELS.deadline, 'Stopped at the deadline');
  });

  it('explains why an unknown group was not resubmitted', () => {
    const text = unknownGroupExplanation(4);
    assert.match(text, /^The submit of group 4 failed in a way that leaves open whether the server received it\./);
    assert.match(text, /no idempotency key/);
    assert.match(text, /Resubmit only if you accept that\.$/);
    assert.equal(resubmitLabel(4), 'Resubmit group 4');
  });
});
