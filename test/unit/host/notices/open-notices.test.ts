// One notification per cause: the text shown again while one is open, forgotten when the cause is gone.

import assert from 'node:assert/strict';
import { OPEN_LOG, OpenNotices, prefixed, type Notice } from '../../../../src/host/notices/open-notices';

const START = { label: 'Start Local Simulator', command: 'scalarlm.startSimulator' };
const notice = (over: Partial<Notice> = {}): Notice => ({ cause: 'unreachable http://a:8000', message: 'Cannot reach http://a:8000.', severity: 'warning', actions: [START, OPEN_LOG], ...over });

describe('open notices', () => {
  it('shows a cause noticed again while its notification is open with the open one\'s text and actions, in the new severity', () => {
    const notices = new OpenNotices();
    const first = notices.show(notice());
    assert.deepEqual(first.notice, notice());
    const again = notices.show(notice({ message: 'GET /v1/models: cannot reach http://a:8000.', severity: 'error', actions: [OPEN_LOG] }));
    assert.equal(again.notice.message, 'Cannot reach http://a:8000.', 'the same text, so VS Code replaces the open notification');
    assert.deepEqual(again.notice.actions, [START, OPEN_LOG]);
    assert.equal(again.notice.severity, 'error');
  });

  it('keeps the cause open until the latest of its notifications closes', () => {
    const notices = new OpenNotices();
    const first = notices.show(notice());
    const second = notices.show(notice());
    first.closed(); // VS Code closes the replaced one after its successor opened
    assert.equal(notices.isOpen(notice().cause), true);
    second.closed();
    assert.equal(notices.isOpen(notice().cause), false);
    assert.equal(notices.show(notice({ message: 'New text.' })).notice.message, 'New text.', 'a closed cause is news again');
  });

  it('tells causes apart', () => {
    const notices = new OpenNotices();
    notices.show(notice());
    const other = notices.show(notice({ cause: 'unreachable http://b:8000', message: 'Cannot reach http://b:8000.' }));
    assert.equal(other.notice.message, 'Cannot reach http://b:8000.');
  });

  it('forgets the causes that went away, so their next notice has its own text', () => {
    const notices = new OpenNotices();
    notices.show(notice());
    notices.show(notice({ cause: 'no deployment', message: 'No deployment URL is set.' }));
    notices.forget((cause) => cause.startsWith('unreachable '));
    assert.equal(notices.isOpen('unreachable http://a:8000'), false);
    assert.equal(notices.isOpen('no deployment'), true);
    assert.equal(notices.show(notice({ message: 'Cannot reach http://a:8000 again.' })).notice.message, 'Cannot reach http://a:8000 again.');
  });

  it('prefixes "ScalarLM: " once', () => {
    assert.equal(prefixed('Cannot reach it.'), 'ScalarLM: Cannot reach it.');
    assert.equal(prefixed('ScalarLM: Cannot reach it.'), 'ScalarLM: Cannot reach it.');
  });
});
