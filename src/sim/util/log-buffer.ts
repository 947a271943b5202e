// The simulator's own request log, kept in memory so /v1/health/logs/api has something real to tail (§7).

const CAPACITY = 5000;

export interface LogRecord {
  line: string;
  line_number: number;
  byte_offset: number;
  next_offset: number;
}

export class LogBuffer {
  private records: LogRecord[] = [];
  private nextLineNumber = 0;
  private nextOffset = 0;

  append(line: string): void {
    const record = { line, line_number: this.nextLineNumber++, byte_offset: this.nextOffset, next_offset: 0 };
    this.nextOffset += Buffer.byteLength(line) + 1;
    record.next_offset = this.nextOffset;
    this.records.push(record);
    if (this.records.length > CAPACITY) this.records.shift();
  }

  /** Records from `startLine` on (or the last `tail`), at most `limit`. */
  read(options: { tail?: number; startLine?: number; limit?: number }): LogRecord[] {
    let selected = this.records;
    if (options.startLine !== undefined) selected = selected.filter((record) => record.line_number >= (options.startLine ?? 0));
    if (options.tail !== undefined) selected = selected.slice(Math.max(0, selected.length - options.tail));
    return options.limit !== undefined ? selected.slice(0, options.limit) : selected;
  }
}
