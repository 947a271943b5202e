// The completion page's buttons and the messages it accepts, DOM-free.

import * as assert from 'node:assert/strict';
import { isCompletionHostMessage, isCompletionView, isCompletionWebviewMessage, type CompletionView } from '../../../../src/protocol/completion';
import { actionStates } from '../../../../src/webview/completion/completion-actions';

const view = (over: Partial<CompletionView> = {}): CompletionView => ({
  source: 'a.txt, line 1', request: 'Model m · max_tokens 4', promptTail: 'Hi', promptCut: false, text: ' there', state: 'done', stateText: 'Done.', ...over,
});

const enabled = (v: CompletionView | undefined) => Object.entries(actionStates(v)).filter(([, state]) => state.enabled).map(([action]) => action);

describe('completion page', () => {
  it('offers Stop only while the completion runs, and the text actions only once it has ended with text', () => {
    assert.deepEqual(enabled(undefined), []);
    assert.deepEqual(enabled(view({ state: 'waiting', text: '' })), ['stop']);
    assert.deepEqual(enabled(view({ state: 'streaming' })), ['stop']);
    assert.deepEqual(enabled(view({ state: 'done' })), ['insert', 'copy', 'again']);
    assert.deepEqual(enabled(view({ state: 'stopped' })), ['insert', 'copy', 'again']);
    assert.deepEqual(enabled(view({ state: 'error', text: '' })), ['again']);
    assert.deepEqual(enabled(view({ state: 'incomplete' })), ['insert', 'copy', 'again']);
    assert.deepEqual(Object.values(actionStates(view())).map((state) => state.label), ['Stop', 'Insert at Cursor', 'Copy', 'Complete Again']);
  });

  it('accepts only well-formed messages, both ways', () => {
    assert.ok(isCompletionHostMessage({ type: 'show', view: view({ figures: '1.0 s' }) }));
    assert.ok(!isCompletionHostMessage({ type: 'show', view: { ...view(), state: 'exploded' } }));
    assert.ok(!isCompletionHostMessage({ type: 'show', view: { ...view(), text: 42 } }));
    assert.ok(!isCompletionView({ ...view(), figures: 3 }));
    assert.ok(!isCompletionHostMessage({ type: 'other', view: view() }));
    assert.ok(isCompletionWebviewMessage({ type: 'ready' }));
    assert.ok(isCompletionWebviewMessage({ type: 'action', action: 'insert' }));
    assert.ok(!isCompletionWebviewMessage({ type: 'action', action: 'delete' }));
  });
});
