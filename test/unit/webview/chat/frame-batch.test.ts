import * as assert from 'node:assert/strict';
import { FrameBatch, type FrameSource } from '../../../../src/webview/chat/frame-batch';

/** Frames that come when the test says. */
class FakeFrames implements FrameSource {
  private next = 1;
  readonly pending = new Map<number, () => void>();

  request(callback: () => void): number {
    const handle = this.next++;
    this.pending.set(handle, callback);
    return handle;
  }

  cancel(handle: number): void {
    this.pending.delete(handle);
  }

  run(): void {
    const callbacks = [...this.pending.values()];
    this.pending.clear();
    for (const callback of callbacks) callback();
  }
}

describe('chat webview: one render per frame', () => {
  it('gathers every mark until the frame, then renders once', () => {
    const frames = new FakeFrames();
    const rendered: string[][] = [];
    const batch = new FrameBatch<string>(frames, (keys) => rendered.push([...keys]));
    for (let i = 0; i < 500; i++) batch.mark(i % 2 === 0 ? 'a' : 'b');
    assert.equal(frames.pending.size, 1);
    assert.deepEqual(rendered, []);
    frames.run();
    assert.deepEqual(rendered, [['a', 'b']]);
    frames.run();
    assert.equal(rendered.length, 1, 'nothing marked, nothing rendered');
  });

  it('keeps what is marked during a render for the next frame', () => {
    const frames = new FakeFrames();
    const rendered: string[][] = [];
    const batch = new FrameBatch<string>(frames, (keys) => {
      rendered.push([...keys]);
      if (rendered.length === 1) batch.mark('late');
    });
    batch.mark('a');
    frames.run();
    frames.run();
    assert.deepEqual(rendered, [['a'], ['late']]);
  });

  it('forgets what is marked when cleared', () => {
    const frames = new FakeFrames();
    const rendered: string[][] = [];
    const batch = new FrameBatch<string>(frames, (keys) => rendered.push([...keys]));
    batch.mark('gone');
    batch.clear();
    assert.equal(frames.pending.size, 0);
    batch.mark('kept');
    frames.run();
    assert.deepEqual(rendered, [['kept']]);
  });
});
