// Keeps the most recent output of a child process for the failure logs, without growing without bound.

import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const DEFAULT_LIMIT_CHARS = 2_000_000;

export class OutputBuffer {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly limitChars = DEFAULT_LIMIT_CHARS) {}

  /**
   * Collects `stream`; `onText` sees every piece as it arrives. Decodes here rather than with setEncoding,
   * which would change what other readers of the same stream (Playwright's) receive.
   */
  follow(stream: Readable | null, onText?: (text: string) => void): void {
    const decoder = new StringDecoder('utf8');
    stream?.on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      this.append(text);
      onText?.(text);
    });
  }

  append(text: string): void {
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > this.limitChars && this.chunks.length > 1) this.size -= this.chunks.shift()?.length ?? 0;
  }

  text(): string {
    return this.chunks.join('');
  }
}
