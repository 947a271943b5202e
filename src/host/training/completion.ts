// Which jobs the editor has seen reach COMPLETED, so it says so once: a job is news when it completes after the
// editor saw it in another state (its panel was following it), or after Train Adaptor… submitted it. A panel
// opened on a job that had already completed says nothing new. A job submitted here is followed on after its panel
// closes, until it ends.

/** Written by submitted(): a state before any the server reports. */
const SUBMITTED = 'SUBMITTED';
/** After these nothing happens to a job unless someone acts (a running job's CANCELLED is written over, training.md §4). */
const ENDED = new Set(['COMPLETED', 'FAILED']);

export class CompletionTracker {
  private readonly last = new Map<string, string>();
  private readonly submittedHere = new Set<string>();

  /** A job this window just submitted: its COMPLETED is news even when no other status was read in between. */
  submitted(hash: string): void {
    this.last.set(hash, SUBMITTED);
    this.submittedHere.add(hash);
  }

  /** A job this window submitted that has not ended yet: followed on when its panel closes. */
  followsOn(hash: string): boolean {
    const last = this.last.get(hash);
    return this.submittedHere.has(hash) && last !== undefined && !ENDED.has(last);
  }

  /** Records the job's status; true exactly when it has just reached COMPLETED from a state seen before. */
  saw(hash: string, status: string): boolean {
    const before = this.last.get(hash);
    this.last.set(hash, status);
    return before !== undefined && before !== 'COMPLETED' && status === 'COMPLETED';
  }
}
