// Cuts the input into groups as the runner asks for them, so only the groups in flight are in memory
// (a million-prompt file streams through). Each group is written to the ledger, prompts included, before
// it is submitted: a run can then be resumed, and its report written, from the ledger alone.

import { computeGroupId, queuedItemsFor } from '../api/group-id';
import type { LedgerBook } from '../runs/ledger-book';
import type { GroupRecord } from '../runs/ledger-state';
import type { BatchInput, BatchParams, ItemOrigin } from './types';

export class GroupPlanner {
  private readonly input: AsyncIterator<BatchInput> | undefined;
  /** Input items read so far, including any of a group still being filled. */
  private consumed = 0;
  private exhausted: boolean;
  /** Workers ask for groups concurrently; each group must take consecutive input items. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Groups planned ahead by planAll(), not handed out yet. */
  private readonly planned: GroupRecord[] = [];

  constructor(
    private readonly book: LedgerBook,
    input: AsyncIterable<BatchInput> | undefined,
    private readonly groupSize: number,
    private readonly params: BatchParams,
  ) {
    this.input = input?.[Symbol.asyncIterator]();
    this.exhausted = allPlanned(book);
  }

  /** The next group, or undefined when the input is used up. Items a resumed ledger already planned are skipped. */
  next(): Promise<GroupRecord | undefined> {
    const planned = this.planned.shift();
    if (planned) return Promise.resolve(planned);
    const group = this.turn.then(() => this.take());
    this.turn = group.catch(() => undefined);
    return group;
  }

  private async take(): Promise<GroupRecord | undefined> {
    if (this.exhausted) return undefined;
    if (!this.input) throw new Error('This run has prompts left to plan, but no input was given to read them from.');
    const entries: BatchInput[] = [];
    while (entries.length < this.groupSize) {
      const item = await this.input.next();
      if (item.done) {
        this.markExhausted();
        break;
      }
      if (this.consumed++ >= this.book.state.planned) entries.push(item.value);
    }
    return entries.length > 0 ? this.plan(entries) : undefined;
  }

  /** Plans every group now; next() then hands them out in order. */
  async planAll(): Promise<void> {
    // Before any worker asks for a group: no turn to wait for.
    for (let group = await this.take(); group; group = await this.take()) this.planned.push(group);
  }

  /** Reads what is left of the input without planning it, so the report can list those prompts as unsent. */
  async drain(): Promise<void> {
    if (this.exhausted || !this.input) return;
    while (!(await this.input.next()).done) this.consumed++;
    this.markExhausted();
  }

  private markExhausted(): void {
    this.exhausted = true;
    this.book.append([{ t: 'input-end', total: Math.max(this.consumed, this.book.state.planned) }]);
  }

  private plan(entries: BatchInput[]): GroupRecord {
    const g = this.book.state.groups.length;
    const prompts = entries.map((e) => e.entry);
    const origins = entries.every((e) => e.origin) ? entries.map((e) => e.origin as ItemOrigin) : undefined;
    const queued = knownModel(this.params.model) ? queuedItemsFor({ prompts, ...this.params }, this.params.model) : undefined;
    this.book.append([
      {
        t: 'group',
        g,
        first: this.book.state.planned,
        prompts,
        ...(origins ? { origins } : {}),
        expectedId: queued ? computeGroupId(queued) : null,
      },
    ]);
    return this.book.state.groups[g];
  }
}

/** Whether every prompt of the input is already in a group (prompts never reached are not). */
export function allPlanned(book: LedgerBook): boolean {
  const { inputTotal, planned } = book.state;
  return inputTotal !== undefined && planned >= inputTotal;
}

/** The server resolves an omitted model and "latest" itself (protocol §1.1): the group id then cannot be computed here. */
function knownModel(model: string | undefined): model is string {
  return model !== undefined && model !== '' && model !== 'latest';
}
