// Keeps the most recent output of a child process for the failure logs, without growing without bound.

import type { Readable } from 'node:stream';

const DEFAULT_LIMIT_BYTES = 2_000_000;

export class OutputBuffer {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly limitBytes = DEFAULT_LIMIT_BYTES) {}

  /** Collects `stream` until it ends; `onText` sees every chunk as it arrives. */
  follow(stream: Readable | null, onText?: (text: string) => void): void {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      this.append(text);
      onText?.(text);
    });
  }

  append(text: string): void {
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > this.limitBytes && this.chunks.length > 1) this.size -= this.chunks.shift()?.length ?? 0;
  }

  text(): string {
    return this.chunks.join('');
  }
}
