// stdout as the commands write to it, holding when the reader goes away: a reader that has read enough
// (`diff … | head -1`) closes the pipe, and the command carries on to its end and exits with the code it would
// have had (diff's 3 for changes), instead of Node's EPIPE stack trace or an exit 0 that hides the outcome. A run
// keeps its ledger as always (and releases its lock when it ends); what it would have printed is dropped.

import { Writable } from 'node:stream';

export class ClosablePipe extends Writable {
  private readerGone = false;

  constructor(
    private readonly target: NodeJS.WriteStream,
    /** Told once, when the reader has closed the pipe. */
    private readonly onReaderGone: () => void,
  ) {
    super({ decodeStrings: false });
    target.on('error', (error: NodeJS.ErrnoException) => {
      if (!this.readerLeft(error)) this.destroy(error);
    });
  }

  /** True when `error` says the reader closed the pipe (told once); false for any other error. */
  private readerLeft(error: NodeJS.ErrnoException): boolean {
    if (error.code !== 'EPIPE') return false;
    if (!this.readerGone) {
      this.readerGone = true;
      this.onReaderGone();
    }
    return true;
  }

  get isTTY(): boolean {
    return this.target.isTTY;
  }

  get columns(): number | undefined {
    return this.target.columns;
  }

  override _write(chunk: string | Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.readerGone) return callback();
    // The EPIPE reaches this write's callback before the stream's error event: the reader left, which is not
    // this command's failure.
    this.target.write(chunk, encoding, (error) => callback(error && !this.readerLeft(error) ? error : null));
  }
}
