// Messages from the pages are checked against their one declaration: every declared message passes, with
// its fields of the right shape; anything else does not.

import assert from 'node:assert/strict';
import { CHAT_FROM_WEBVIEW, isChatMessage } from '../../../src/protocol/chat';
import { isMetricsWebviewMessage } from '../../../src/protocol/metrics';
import { carried, carriedList, messageGuard, nullable, optional, type MessageSpec } from '../../../src/protocol/message-shape';
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

describe('host -> webview messages, declared as data too', () => {
  const SPEC = {
    init: { view: carried<{ rows: number[] }>((view) => Array.isArray((view as { rows?: unknown }).rows)), list: carriedList<string>(), note: optional('string'), compared: nullable(carried<object>()) },
    busy: { busy: 'boolean' },
  } as const satisfies MessageSpec;
  const accepts = messageGuard(SPEC);

  it('checks a carried view by its kind and by what its check adds', () => {
    assert.ok(accepts({ type: 'init', view: { rows: [] }, list: [], compared: null }));
    assert.ok(!accepts({ type: 'init', view: { rows: 'x' }, list: [], compared: null }), 'the check of the view');
    assert.ok(!accepts({ type: 'init', view: [], list: [], compared: null }), 'a list is not an object view');
    assert.ok(!accepts({ type: 'init', view: { rows: [] }, list: {}, compared: null }), 'an object is not a list');
  });

  it('lets an optional field be absent and a nullable one be null, but not the wrong kind', () => {
    assert.ok(accepts({ type: 'init', view: { rows: [] }, list: [], note: 'n', compared: {} }));
    assert.ok(!accepts({ type: 'init', view: { rows: [] }, list: [], note: 3, compared: null }));
    assert.ok(!accepts({ type: 'init', view: { rows: [] }, list: [] }), 'nullable is not optional');
    assert.ok(accepts({ type: 'busy', busy: false }));
    assert.ok(!accepts({ type: 'busy', busy: 'no' }));
  });
});
