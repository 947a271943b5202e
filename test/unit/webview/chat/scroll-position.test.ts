import * as assert from 'node:assert/strict';
import { BOTTOM_SLACK_PX, isAtBottom } from '../../../../src/webview/chat/scroll-position';

describe('chat webview: following the newest text', () => {
  it('counts a view within a few pixels of its end as at the bottom', () => {
    assert.equal(isAtBottom({ scrollTop: 1000, scrollHeight: 1500, clientHeight: 500 }), true);
    assert.equal(isAtBottom({ scrollTop: 1000 - BOTTOM_SLACK_PX, scrollHeight: 1500, clientHeight: 500 }), true);
    assert.equal(isAtBottom({ scrollTop: 999 - BOTTOM_SLACK_PX, scrollHeight: 1500, clientHeight: 500 }), false);
    assert.equal(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 }), true);
  });
});
