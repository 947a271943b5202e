import * as assert from 'node:assert/strict';
import type { CellDetailView } from '../../../src/protocol/experiments';
import { detailFacts } from '../../../src/webview/experiments/detail-text';
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
