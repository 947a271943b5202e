// A run's ledger: the file on disk and the state it describes, kept in step. Every event is written
// before it is applied, so the state never claims more than a crash would leave behind.

import { existsSync, statSync } from 'node:fs';
import { LedgerLock } from './ledger-lock';
import { LedgerWriter, readLedgerLines, type LedgerLine } from './ledger-file';
import { applyLedgerEvent, emptyLedgerState, type LedgerState, type RunHeader } from './ledger-state';
import type { LedgerEvent } from './ledger-schema';

/** Told of every line appended, with its offsets: the run projection follows a live run this way. */
export type LedgerListener = (lines: readonly LedgerLine[]) => void;

export class LedgerBook {
  private constructor(
    private readonly writer: LedgerWriter,
    readonly state: LedgerState,
    private size: number,
    private readonly listener: LedgerListener | undefined,
    private readonly lock: LedgerLock,
  ) {}

  static create(path: string, header: RunHeader, listener?: LedgerListener): LedgerBook {
    if (existsSync(path) && statSync(path).size > 0) {
      throw new Error(`The ledger ${path} already exists. Resume it with --resume ${path}, or choose another path.`);
    }
    const lock = LedgerLock.take(path);
    const book = new LedgerBook(new LedgerWriter(path), emptyLedgerState(), 0, listener, lock);
    book.append([header]);
    return book;
  }

  static open(path: string, listener?: LedgerListener): LedgerBook {
    const lock = LedgerLock.take(path);
    try {
      const { state, end } = replayLedger(path);
      return new LedgerBook(new LedgerWriter(path, end), state, end, listener, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  get path(): string {
    return this.writer.path;
  }

  /** The process id of a lock left by a process that is gone, taken over on opening; undefined when there was none. */
  get tookOverFrom(): number | undefined {
    return this.lock.tookOverFrom;
  }

  get header(): RunHeader {
    return this.state.header as RunHeader;
  }

  append(events: readonly LedgerEvent[]): void {
    const { offsets, end } = this.writer.append(events, this.size);
    events.forEach((event, i) => applyLedgerEvent(this.state, event, offsets[i]));
    this.size = end;
    this.listener?.(events.map((event, i) => ({ event, offset: offsets[i], next: offsets[i + 1] ?? end })));
  }

  close(): void {
    this.writer.close();
    this.lock.release();
  }
}

/** The state a ledger describes, read without opening it for writing (for listing runs and showing them). */
/** A run's header alone: its first line (a large run's ledger is not read through for it). */
export function readRunHeader(path: string): RunHeader {
  for (const { event } of readLedgerLines(path)) {
    if (event.t === 'run') return event;
    break;
  }
  throw new Error(`${path} is not a run ledger: its first line should be a "run" event.`);
}

export function readLedger(path: string): LedgerState {
  return replayLedger(path).state;
}

/** Replays every whole line; `end` is where the last whole line ends (a torn line after it is dropped on open). */
function replayLedger(path: string): { state: LedgerState; end: number } {
  const state = emptyLedgerState();
  let end = 0;
  for (const { event, offset, next } of readLedgerLines(path)) {
    applyLedgerEvent(state, event, offset);
    end = next;
  }
  if (!state.header) throw new Error(`${path} is not a run ledger: its first line should be a "run" event.`);
  // A block cut short by a crash is not trusted: its group is polled again.
  state.openBlock = undefined;
  return { state, end };
}
