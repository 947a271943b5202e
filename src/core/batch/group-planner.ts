// Cuts the input into groups as the runner asks for them, so only the groups in flight are in memory
// (a million-prompt file streams through). Each group is written to the ledger before it is submitted, with
// its prompts, unless the run records the file they come from (then the ledger says how many, and a resume
// reads them from the file again): a run can be resumed, and its report written, from the ledger (and that
// file). A group is consecutive prompts with the same parameters, at most the group size, cut early where the
// input says (`breakBefore`); a chat prompt is a group of its own.

import { createHash } from 'node:crypto';
import { computeGroupId, queuedItemsFor } from '../api/group-id';
import type { PromptEntry } from '../api/types';
import type { LedgerBook } from '../runs/ledger-book';
import type { GroupRecord } from '../runs/ledger-state';
import type { BatchParams, CellRef, ChatSampling, ItemOrigin } from '../runs/ledger-schema';
import type { BatchInput } from './types';

export class GroupPlanner {
  private readonly input: AsyncIterator<BatchInput> | undefined;
  /** Input items read so far, including any of a group still being filled. */
  private consumed = 0;
  private exhausted: boolean;
  /** Workers ask for groups concurrently; each group must take consecutive input items. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Groups planned ahead by planAll(), not handed out yet. */
  private readonly planned: GroupRecord[] = [];
  /** An input read that belongs to the next group (it breaks the one being filled). */
  private carried: BatchInput | undefined;

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
    if (this.exhausted && !this.carried) return undefined;
    if (!this.input) throw new Error('This run has prompts left to plan, but no input was given to read them from.');
    const entries: BatchInput[] = [];
    for (;;) {
      const next = this.carried ?? (await this.nextUnplanned());
      this.carried = undefined;
      if (next === undefined) break;
      if (entries.length > 0 && startsGroup(next, entries)) {
        this.carried = next;
        break;
      }
      entries.push(next);
      if (entries.length >= this.groupSize || next.transport === 'chat') break;
    }
    return entries.length > 0 ? this.plan(entries) : undefined;
  }

  /** The next input item not planned yet by an earlier session of the run; undefined at the end. */
  private async nextUnplanned(): Promise<BatchInput | undefined> {
    for (;;) {
      if (this.exhausted || !this.input) return undefined;
      const item = await this.input.next();
      if (item.done) {
        this.markExhausted();
        return undefined;
      }
      if (this.consumed++ >= this.book.state.planned) return item.value;
    }
  }

  /**
   * Gives groups planned by an earlier session, whose prompts the ledger leaves out, their prompts again from
   * the input (read from its start, as it was then). Before any group is handed out.
   */
  async restorePrompts(groups: readonly GroupRecord[]): Promise<void> {
    if (groups.length === 0) return;
    if (!this.input) throw new Error('This run has groups to send whose prompts are in its input file, but no input was given to read them from.');
    const byFirst = new Map(groups.map((group) => [group.first, group]));
    const last = Math.max(...groups.map((group) => group.first + group.count));
    let filling: { group: GroupRecord; prompts: PromptEntry[] } | undefined;
    while (this.consumed < last) {
      const item = await this.input.next();
      if (item.done) throw new Error(`The input ended after ${this.consumed} prompts, but this run planned ${this.book.state.planned}.`);
      const start = byFirst.get(this.consumed++);
      if (start) filling = { group: start, prompts: [] };
      if (!filling) continue;
      filling.prompts.push(item.value.entry);
      if (filling.prompts.length === filling.group.count) {
        filling.group.prompts = filling.prompts;
        filling = undefined;
      }
    }
  }

  /** Plans every group now; next() then hands them out in order. */
  async planAll(): Promise<void> {
    // Before any worker asks for a group: no turn to wait for.
    for (let group = await this.take(); group; group = await this.take()) this.planned.push(group);
  }

  /**
   * Reads what is left of the input, so the report can list those prompts as unsent: counted only, or (`plan`)
   * planned as groups that were never sent, each with its prompts and cells (an experiment's record of every cell).
   */
  async drain(plan = false): Promise<void> {
    if (this.exhausted && !this.carried) return;
    if (!this.input) return;
    if (plan) {
      while (await this.take());
      return;
    }
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
    const cells = entries.every((e) => e.cell) ? entries.map((e) => e.cell as CellRef) : undefined;
    const own = entries[0].params;
    const params = own ?? this.params;
    const chat = entries[0].transport === 'chat';
    const expectedId = chat ? chatKey(prompts[0], params, cells?.[0]) : batchGroupId(prompts, params);
    // The run's input file holds the prompts and their origins: the ledger need not say them again.
    const fromFile = this.book.header.input !== undefined;
    this.book.append([
      {
        t: 'group',
        g,
        first: this.book.state.planned,
        ...(fromFile ? { n: prompts.length } : { prompts }),
        ...(origins && !fromFile ? { origins } : {}),
        expectedId,
        ...(!chat && expectedId === null ? { key: contentKey(prompts, params) } : {}),
        ...(own ? { params: own } : {}),
        ...(chat ? { transport: 'chat' as const } : {}),
        ...(cells ? { cells } : {}),
      },
    ]);
    const group = this.book.state.groups[g];
    group.prompts = prompts;
    return group;
  }
}

/** Whether every prompt of the input is already in a group (prompts never reached are not). */
export function allPlanned(book: LedgerBook): boolean {
  const { inputTotal, planned } = book.state;
  return inputTotal !== undefined && planned >= inputTotal;
}

/** Whether `next` cannot join the group being filled: it asks for a new one, or its parameters or transport differ. */
function startsGroup(next: BatchInput, entries: readonly BatchInput[]): boolean {
  const first = entries[0];
  return next.breakBefore === true || next.transport !== first.transport || next.params !== first.params;
}

/** The server's id of the batch; null when the server resolves the model itself ("latest", none), as protocol §1.1 says. */
function batchGroupId(prompts: PromptEntry[], params: BatchParams): string | null {
  const { model } = params;
  if (model === undefined || model === '' || model === 'latest') return null;
  const queued = queuedItemsFor({ prompts, model, max_tokens: params.max_tokens, temperature: params.temperature, tools: params.tools, tool_choice: params.tool_choice }, model);
  return queued ? computeGroupId(queued) : null;
}

/** A batch's identity when the server's id cannot be computed: what is sent (an earlier run's ledger has the id). */
function contentKey(prompts: PromptEntry[], params: BatchParams): string {
  const { model, max_tokens, temperature, tools, tool_choice } = params;
  return createHash('sha256').update(JSON.stringify([prompts, model ?? null, max_tokens, temperature ?? 0, tools ?? null, tool_choice ?? null])).digest('hex');
}

/** A chat request's identity, so an earlier run of the same experiment can answer it: request and repeat. */
function chatKey(prompt: PromptEntry, params: BatchParams & ChatSampling, cell: CellRef | undefined): string {
  return createHash('sha256').update(JSON.stringify([prompt, params, cell?.[2] ?? 0])).digest('hex');
}
