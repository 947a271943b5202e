// The server's own transient 500 on job detail: status.json is rewritten in place, so a read can meet an empty
// file (training.md §3.2, §11.8). Which reads do is decided by a hash of the seed, the job and the read's number
// for that job, so the same sequence of reads meets the same 500s on every run.

import { createHash } from 'node:crypto';

export class TornReads {
  private readonly reads = new Map<string, number>();

  constructor(
    /** The share of reads that meet a file mid-rewrite; 0 for none. */
    private readonly rate: number,
    private readonly seed: number,
  ) {}

  /** Whether this read of the job's status.json meets it mid-rewrite. */
  next(hash: string): boolean {
    const read = (this.reads.get(hash) ?? 0) + 1;
    this.reads.set(hash, read);
    if (this.rate <= 0) return false;
    const draw = createHash('sha256').update(`${this.seed}:${hash}:${read}`).digest().readUInt32BE(0) / 2 ** 32;
    return draw < this.rate;
  }
}
