import * as assert from 'node:assert/strict';
import type { CellDetailView } from '../../../../src/protocol/experiments';
import { assertionRows, detailFacts } from '../../../../src/webview/experiments/detail-text';
import { cell } from './fixtures';

function detail(overrides: Partial<CellDetailView> = {}): CellDetailView {
  return { ...cell(0, 0), prompt: 'user: hi', vars: {}, requestId: null, ...overrides };
}

describe('experiments webview: detail figures', () => {
  it('lists the request id, tokens, latency and finish reason when known', () => {
    assert.deepEqual(detailFacts(detail({ requestId: 'abc_3', promptTokens: 12, completionTokens: 1280, latencyMs: 850, finishReason: 'stop' })), [
      { label: 'Request id', value: 'abc_3' },
      { label: 'Tokens', value: '12 prompt + 1,280 completion' },
      { label: 'Latency', value: '850 ms' },
      { label: 'Finish reason', value: 'stop' },
    ]);
  });

  it('says when there is no request id yet, and leaves out what is not known', () => {
    assert.deepEqual(detailFacts(detail()), [{ label: 'Request id', value: 'none yet' }]);
    assert.deepEqual(detailFacts(detail({ completionTokens: 7, latencyMs: 3249 })).slice(1), [
      { label: 'Tokens', value: '7 completion' },
      { label: 'Latency', value: '3.2 s' },
    ]);
  });
});

describe('experiments webview: assertions in the detail', () => {
  it('lists each assertion with its state, type, score, weight, metric and reason', () => {
    assert.deepEqual(
      assertionRows([
        { type: 'icontains', status: 'pass', score: 1, reason: 'Assertion passed', weight: 1 },
        { type: 'llm-rubric', status: 'fail', score: 0.25, reason: 'Too vague <script>x</script>', weight: 2, metric: 'accuracy' },
        { type: 'javascript', status: 'refused', score: 0, reason: 'javascript assertions run only in trusted workspaces', weight: 1 },
        { type: 'llm-rubric', status: 'error', score: 0, reason: 'not a verdict', weight: 0 },
        { type: 'llm-rubric', status: 'pending', score: 0, reason: 'waiting for the grader', weight: 1, metric: '' },
      ]).map(({ icon, type, figures, reason, status }) => ({ icon, type, figures, reason, status })),
      [
        { icon: '✓', type: 'icontains', figures: 'score 1.00 · weight 1', reason: 'Assertion passed', status: 'pass' },
        { icon: '✗', type: 'llm-rubric', figures: 'score 0.25 · weight 2 · metric accuracy', reason: 'Too vague <script>x</script>', status: 'fail' },
        { icon: '⊘', type: 'javascript', figures: 'score 0.00 · weight 1', reason: 'javascript assertions run only in trusted workspaces', status: 'refused' },
        { icon: '!', type: 'llm-rubric', figures: 'score 0.00 · weight 0 (not counted)', reason: 'not a verdict', status: 'error' },
        { icon: '…', type: 'llm-rubric', figures: 'score 0.00 · weight 1', reason: 'waiting for the grader', status: 'pending' },
      ],
    );
  });

  it('names every state for screen readers', () => {
    const labels = assertionRows((['pass', 'fail', 'refused', 'error', 'pending'] as const).map((status) => ({ type: 't', status, score: 0, reason: '', weight: 1 }))).map((row) => row.statusLabel);
    assert.equal(new Set(labels).size, 5);
    assert.match(labels[2], /trusted workspaces/);
  });
});
