// Messages from the pages are checked against their one declaration: every declared message passes, with
// its fields of the right shape; anything else does not.

import assert from 'node:assert/strict';
import { CHAT_FROM_WEBVIEW, isChatMessage } from '../../../src/protocol/chat';
import { isMetricsWebviewMessage } from '../../../src/protocol/metrics';
import { isResultsMessage, RESULTS_FROM_WEBVIEW } from '../../../src/protocol/results';

describe('host <- webview messages, checked against their declarations', () => {
  it('accepts every declared results message and action, and nothing else', () => {
    for (const action of RESULTS_FROM_WEBVIEW.item.action) assert.ok(isResultsMessage({ type: 'item', action, index: 0 }), action);
    for (const action of RESULTS_FROM_WEBVIEW.run.action) assert.ok(isResultsMessage({ type: 'run', action }), action);
    assert.ok(isResultsMessage({ type: 'rendered', items: 10, ms: 3.5 }));
    assert.ok(!isResultsMessage({ type: 'rendered', items: 1.5, ms: 3 }), 'a count is a whole number');
    assert.ok(!isResultsMessage({ type: 'item', action: 'reveal', index: '0' }));
    assert.ok(!isResultsMessage({ type: 'toString' }), 'only own declarations');
    assert.ok(!isResultsMessage(null));
  });

  it('checks chat messages field by field', () => {
    assert.deepEqual(Object.keys(CHAT_FROM_WEBVIEW).sort(), ['answer', 'clear', 'copyCode', 'copyText', 'ready', 'retry', 'send', 'setControl', 'setModel', 'stop', 'toolResult']);
    assert.ok(isChatMessage({ type: 'send', text: 'hi' }));
    assert.ok(!isChatMessage({ type: 'send', text: 42 }));
    assert.ok(isChatMessage({ type: 'answer', action: 'insert', turn: 0, answer: 1 }));
    assert.ok(!isChatMessage({ type: 'answer', action: 'delete', turn: 0, answer: 1 }));
    assert.ok(!isChatMessage({ type: 'answer', action: 'copy', turn: 0 }));
    assert.ok(isChatMessage({ type: 'copyCode', format: 'curl', turn: 0, answer: 0 }));
    assert.ok(!isChatMessage({ type: 'copyCode', format: 'perl', turn: 0, answer: 0 }));
    assert.ok(isChatMessage({ type: 'setControl', column: 1, field: 'temperature', value: '' }));
    assert.ok(!isChatMessage({ type: 'setControl', field: 'temperature', value: '' }), 'a control names its column');
    assert.ok(!isChatMessage({ type: 'setControl', column: 0, field: 'baseUrl', value: 'http://elsewhere' }), 'only the declared controls');
    assert.ok(isChatMessage({ type: 'toolResult', turn: 0, answer: 0, call: 1, content: '{}' }));
    assert.ok(!isChatMessage({ type: 'setModel', column: 0.5, model: 'm' }));
    assert.ok(isMetricsWebviewMessage({ type: 'ready' }));
    assert.ok(!isMetricsWebviewMessage({ type: 'snapshot' }));
  });
});
