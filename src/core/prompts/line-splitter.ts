// Cuts a byte stream into text lines, holding only the line in progress. It splits on the '\n' byte
// before decoding: in UTF-8 that byte never occurs inside a multi-byte character, so chunks may end
// anywhere (even mid-character) and an invalid byte sequence is reported on its exact line.

import { isUtf8 } from 'node:buffer';
import { PromptInputError } from './prompt-input-error';

const newline = 0x0a;
const carriageReturn = 0x0d;
const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);

export class LineSplitter {
  /** The bytes of the line in progress, as the chunks delivered them. */
  private pending: Buffer[] = [];
  private linesEmitted = 0;
  private invalidLine?: PromptInputError;

  /** `file` names the input in an error about invalid UTF-8. */
  constructor(private readonly file: string) {}

  /** The number of the next line to be returned (1-based). */
  get nextLineNumber(): number {
    return this.linesEmitted + 1;
  }

  /**
   * Set once a line is not valid UTF-8. The lines before it have been returned; nothing after it is,
   * since the rest of the input cannot be trusted to be text.
   */
  get failure(): PromptInputError | undefined {
    return this.invalidLine;
  }

  /** The lines this chunk completes, without their line endings. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(newline); end !== -1 && !this.invalidLine; end = chunk.indexOf(newline, start)) {
      let bytes = chunk.subarray(start, end);
      if (this.pending.length > 0) {
        this.pending.push(bytes);
        bytes = Buffer.concat(this.pending);
        this.pending = [];
      }
      this.decodeInto(lines, bytes);
      start = end + 1;
    }
    if (start < chunk.length && !this.invalidLine) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** The last line, when the input does not end with a newline. */
  end(): string[] {
    const lines: string[] = [];
    if (this.pending.length > 0 && !this.invalidLine) this.decodeInto(lines, Buffer.concat(this.pending));
    this.pending = [];
    return lines;
  }

  private decodeInto(lines: string[], bytes: Buffer): void {
    const lineNumber = this.linesEmitted + 1;
    let text = bytes;
    if (lineNumber === 1 && text.subarray(0, 3).equals(byteOrderMark)) text = text.subarray(3);
    if (text.length > 0 && text[text.length - 1] === carriageReturn) text = text.subarray(0, text.length - 1);
    if (!isUtf8(text)) {
      this.invalidLine = new PromptInputError({ file: this.file, line: lineNumber }, 'the line is not valid UTF-8; save the file as UTF-8');
      return;
    }
    this.linesEmitted = lineNumber;
    lines.push(text.toString('utf8'));
  }
}
