// The one way to see a run: ledger events, replayed from disk or arriving live from the runner, turned into
// items. The results panel, exports, the CLI's report and the Runs view all read a run through this, so
// the rules for what an item is (pending, unknown, unsent) live in one place: statusWithoutBlock for a
// group with no settled block, the block's own lines otherwise.
//
// Two ways to keep items: `keepItems` holds every item with its prompt (a panel, an export); without it,
// items are only handed to `onItems` as they change, and only those of settled blocks that are not final yet
// are remembered (the others are rebuilt from their group's state when asked for), so the CLI's report of a
// million prompts streams in little memory. ok and error are final: nothing in a run changes them again.
// pending, unknown and unsent can still change until the run ends.

import type { PromptEntry } from '../api/types';
import { expandIds } from './request-ids';
import type { CellRef, ItemOrigin, ItemStatus, LedgerEvent, RequestId } from './ledger-schema';
import { blockError, blockIds, blockResponse, blockStatus, type ItemsEvent } from './ledger-blocks';
import { readLedgerLines } from './ledger-file';
import { readInputPrompts } from './ledger-input';
import type { PromptItem } from '../prompts/types';
import { applyLedgerEvent, emptyLedgerState, statusWithoutBlock, type GroupRecord, type LedgerState, type RunHeader } from './ledger-state';

export interface RunItem {
  index: number;
  /** The group (0-based) it was planned into; -1 for a prompt never planned (the run stopped first). */
  group: number;
  /** Kept only by a projection with `keepItems`. */
  prompt?: PromptEntry;
  origin?: ItemOrigin;
  /** An experiment's cell: column, test, repeat. */
  cell?: CellRef;
  status: ItemStatus;
  requestId: RequestId | null;
  response: string | null;
  error: string | null;
  /** Prompt and completion tokens, when the server gave them. */
  usage?: { p: number; c: number };
  latencyMs?: number;
  finishReason?: string;
}

export interface ProjectionOptions {
  keepItems: boolean;
  /** Without `keepItems`: hand each item's prompt to onItems too (kept only until its group settles). */
  keepPrompts?: boolean;
  /** Items whose state changed, after each event that changed any. */
  onItems?: (items: readonly RunItem[]) => void;
  /**
   * Without `keepItems`: onItems hears only of items of settled blocks (a report that writes final lines as
   * they land and the rest at the end), and nothing is built for the others on the way.
   */
  finalOnly?: boolean;
}

type ItemEvent = Extract<LedgerEvent, { t: 'item' }>;


export function isFinal(status: ItemStatus): boolean {
  return status === 'ok' || status === 'error';
}

export class RunProjection {
  readonly state: LedgerState = emptyLedgerState();
  /** Every item in index order (with `keepItems`); planned groups only until the input's end is known. */
  readonly items: RunItem[] = [];
  /** Without `keepItems`: per group, the items of its last block that are not final (the final ones left out). */
  private readonly unsettled = new Map<number, (RunItem | undefined)[]>();
  private block: ItemEvent[] = [];
  /** Without `keepItems`: the cells (and, with `keepPrompts`, prompts) of groups not settled yet. */
  private readonly unsettledGroups = new Map<number, { cells?: CellRef[]; prompts?: PromptEntry[] }>();
  /** Without `keepItems`: what is kept of the group whose block is being read. */
  private settling: { cells?: CellRef[]; prompts?: PromptEntry[] } | undefined;
  /** The prompts of a run whose ledger leaves them out, read from its input file once; null when it cannot be. */
  private inputPrompts: PromptItem[] | null | undefined;
  /** Where the next ledger line starts: events before it were already applied. */
  private applied = 0;

  constructor(private readonly options: ProjectionOptions) {}

  /**
   * Every item of a stored run once, as the ledger leaves it, without keeping them (a report of 100,000 cells
   * in bounded memory): each final item as it settles, the others at the end. Returns the projection.
   */
  static eachItem(ledgerPath: string, visit: (item: RunItem) => void): RunProjection {
    const projection = new RunProjection({ keepItems: false, keepPrompts: true, finalOnly: true, onItems: (items) => items.forEach((item) => isFinal(item.status) && visit(item)) });
    projection.read(ledgerPath);
    for (const item of projection.openItems()) visit(item);
    return projection;
  }

  /** A stored run, read to its last whole line. */
  static replay(ledgerPath: string, options: ProjectionOptions): RunProjection {
    const projection = new RunProjection(options);
    projection.read(ledgerPath);
    return projection;
  }

  get header(): RunHeader {
    if (!this.state.header) throw new Error('This ledger has no run header: it is not a run ledger.');
    return this.state.header;
  }

  /** The byte offset up to which the ledger has been applied. */
  get readTo(): number {
    return this.applied;
  }

  /** Reads the lines appended to the ledger since the last read. */
  read(ledgerPath: string): void {
    for (const { event, offset, next } of readLedgerLines(ledgerPath, this.applied)) this.apply(event, offset, next);
    if (!this.state.header) throw new Error(`${ledgerPath} is not a run ledger: its first line should be a "run" event.`);
  }

  /** Applies the event of the line [offset, next); lines before what was already applied are ignored. */
  apply(event: LedgerEvent, offset: number, next: number): void {
    if (offset < this.applied) return;
    this.applied = next;
    applyLedgerEvent(this.state, event, offset);
    const changed = this.itemsChangedBy(event);
    if (changed.length > 0) this.options.onItems?.(changed);
  }

  /** The item at an index: kept, or rebuilt from the group's state. */
  item(index: number): RunItem {
    if (this.options.keepItems && this.items[index]) return this.items[index];
    const group = this.groupOf(index);
    if (!group) return unplanned(index);
    const k = index - group.first;
    return this.unsettled.get(group.g)?.[k] ?? this.unkept(group, k, idsOf(group));
  }

  /** How many prompts the run has, as far as is known. */
  get total(): number {
    return Math.max(this.state.inputTotal ?? 0, this.state.planned);
  }

  /** Every item that is not final, in index order (the rest of a report once the run has stopped). */
  *openItems(fromIndex = 0): Generator<RunItem> {
    for (const group of this.state.groups) {
      if (group.first + group.count <= fromIndex) continue;
      const ids = idsOf(group);
      const unsettled = this.unsettled.get(group.g);
      for (let k = Math.max(0, fromIndex - group.first); k < group.count; k++) {
        const index = group.first + k;
        const item = this.options.keepItems ? this.items[index] : group.block ? unsettled?.[k] : this.unkept(group, k, ids);
        if (item && !isFinal(item.status)) yield item;
      }
    }
    for (let index = Math.max(fromIndex, this.state.planned); index < this.total; index++) yield unplanned(index);
  }

  /** Groups the server could neither show nor rule out, with the note saying why (for the panel). */
  unknownGroups(): { group: number; note: string }[] {
    return this.state.groups.filter((g) => g.unknownNote !== undefined && !g.block).map((g) => ({ group: g.g, note: g.unknownNote as string }));
  }

  private groupOf(index: number): GroupRecord | undefined {
    // Groups are planned in index order: a binary search over their first indices.
    const groups = this.state.groups;
    let low = 0;
    let high = groups.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const group = groups[mid];
      if (index < group.first) high = mid - 1;
      else if (index >= group.first + group.count) low = mid + 1;
      else return group;
    }
    return undefined;
  }

  private itemsChangedBy(event: LedgerEvent): RunItem[] {
    // A block is written in one piece: item lines not followed by their group-done were cut by a crash.
    if (event.t !== 'item' && event.t !== 'group-done') this.block = [];
    switch (event.t) {
      case 'group':
        return this.planned(event);
      case 'item':
        this.block.push(event);
        return [];
      case 'group-done':
        return this.settled(event.g);
      case 'items':
        return this.settledItems(event);
      case 'input-end':
        return this.unplannedRemainder();
      case 'submit':
      case 'submitted':
      case 'reconciled':
      case 'resubmit':
        return this.restated(this.state.groups[event.g]);
      default:
        return [];
    }
  }

  private planned(event: Extract<LedgerEvent, { t: 'group' }>): RunItem[] {
    const group = this.state.groups[event.g];
    if (!this.options.keepItems) {
      const prompts = this.options.keepPrompts ? this.promptsOf(event)?.map((item) => item.entry) : undefined;
      if (event.cells || prompts) this.unsettledGroups.set(event.g, { ...(event.cells ? { cells: event.cells } : {}), ...(prompts ? { prompts } : {}) });
      return this.options.finalOnly ? [] : Array.from({ length: group.count }, (_, k) => this.unkept(group, k, undefined, false));
    }
    const prompts = this.promptsOf(event);
    const items = Array.from({ length: group.count }, (_, k) => {
      const item: RunItem = blockless(group, k, undefined);
      if (prompts) {
        item.prompt = prompts[k].entry;
        // Origins come with the prompts when the ledger leaves them out too.
        if (!item.origin && !event.prompts) item.origin = prompts[k].origin;
      }
      if (event.cells?.[k]) item.cell = event.cells[k];
      return item;
    });
    items.forEach((item) => (this.items[item.index] = item));
    return items;
  }

  /**
   * A group's prompts (with their origins, when the ledger has them): from its line, or from the run's input
   * file when the line leaves them out; undefined when that file is gone or changed.
   */
  private promptsOf(event: Extract<LedgerEvent, { t: 'group' }>): { entry: PromptEntry; origin?: ItemOrigin }[] | undefined {
    if (event.prompts) return event.prompts.map((entry, k) => ({ entry, ...(event.origins?.[k] ? { origin: event.origins[k] } : {}) }));
    const input = this.header.input;
    if (!input) return undefined;
    if (this.inputPrompts === undefined) this.inputPrompts = readInputPrompts(input) ?? null;
    const count = event.n ?? 0;
    return this.inputPrompts && this.inputPrompts.length >= event.first + count ? this.inputPrompts.slice(event.first, event.first + count) : undefined;
  }

  /** A version 1 block: its item lines, then the group-done just applied. */
  private settled(g: number): RunItem[] {
    const block = this.block;
    this.block = [];
    const group = this.state.groups[g];
    if (!group.block) return [];
    return this.settle(group, block.length, (j) => {
      const event = block[j];
      const item = this.settledItem(group, event.i - group.first, event.s, event.id, event.r ?? null, event.e ?? null);
      if (event.u) item.usage = event.u;
      if (event.ms !== undefined) item.latencyMs = event.ms;
      if (event.f) item.finishReason = event.f;
      return item;
    });
  }

  /** A version 2 block: the group's items in one line. */
  private settledItems(event: ItemsEvent): RunItem[] {
    const group = this.state.groups[event.g];
    const ids = blockIds(event, group.submitted?.ids);
    return this.settle(group, group.count, (k) => this.settledItem(group, k, blockStatus(event, k), ids?.[k] ?? null, blockResponse(event, k), blockError(event, k)));
  }

  /** The block's items, built one by one: kept (with `keepItems`), else remembered only when not final. */
  private settle(group: GroupRecord, count: number, build: (j: number) => RunItem): RunItem[] {
    this.settling = this.unsettledGroups.get(group.g);
    this.unsettledGroups.delete(group.g);
    const unsettled: (RunItem | undefined)[] = [];
    const items = new Array<RunItem>(count);
    for (let j = 0; j < count; j++) {
      const item = build(j);
      items[j] = item;
      if (this.options.keepItems) this.items[item.index] = item;
      else if (!isFinal(item.status)) unsettled[item.index - group.first] = item;
    }
    if (!this.options.keepItems) {
      if (unsettled.length > 0) {
        this.unsettled.set(group.g, unsettled);
        if (this.settling) this.unsettledGroups.set(group.g, this.settling);
      } else this.unsettled.delete(group.g);
    }
    this.settling = undefined;
    return items;
  }

  /** An item of a settled block, with what is kept of it (its prompt, origin, cell). */
  private settledItem(group: GroupRecord, k: number, status: ItemStatus, requestId: RequestId | null, response: string | null, error: string | null): RunItem {
    const index = group.first + k;
    const item: RunItem = { index, group: group.g, status, requestId, response, error };
    const kept = this.options.keepItems ? this.items[index] : undefined;
    const prompt = kept ? kept.prompt : this.settling?.prompts?.[k];
    const cell = kept ? kept.cell : this.settling?.cells?.[k];
    if (prompt !== undefined) item.prompt = prompt;
    if (kept?.origin) item.origin = kept.origin;
    if (cell) item.cell = cell;
    return item;
  }

  /** A group's items when its state moved without a block (submitted, reconciled, resubmitted). */
  private restated(group: GroupRecord): RunItem[] {
    if (group.block) return [];
    const ids = idsOf(group);
    if (!this.options.keepItems) {
      // Whatever an earlier block said (a resubmit drops it) is rebuilt from the group's state from now on.
      this.unsettled.delete(group.g);
      return this.options.finalOnly ? [] : Array.from({ length: group.count }, (_, k) => this.unkept(group, k, ids, false));
    }
    // A group's state moves three or four times before its block: its kept items take the new state where they
    // are, and only those that read differently are news.
    const status = statusWithoutBlock(group);
    const error = status === 'unknown' ? (group.unknownNote ?? null) : null;
    const changed: RunItem[] = [];
    for (let k = 0; k < group.count; k++) {
      const index = group.first + k;
      const kept = this.items[index];
      const requestId = ids?.[k] ?? null;
      if (!kept) {
        changed.push((this.items[index] = blockless(group, k, ids)));
        continue;
      }
      const stale = kept.usage !== undefined || kept.latencyMs !== undefined || kept.finishReason !== undefined;
      if (!stale && kept.status === status && kept.requestId === requestId && kept.error === error && kept.response === null) continue;
      // What a dropped block said (a resubmit) goes with it.
      delete kept.usage;
      delete kept.latencyMs;
      delete kept.finishReason;
      Object.assign(kept, { status, requestId, response: null, error });
      changed.push(kept);
    }
    return changed;
  }

  /** Without `keepItems`: an item of a group with no settled block, from the group's state and what is kept of the group. */
  private unkept(group: GroupRecord, k: number, ids: RequestId[] | undefined, withPrompt = true): RunItem {
    const extras = this.unsettledGroups.get(group.g);
    const cell = extras?.cells?.[k];
    const prompt = withPrompt ? extras?.prompts?.[k] : undefined;
    return { ...blockless(group, k, ids), ...(cell ? { cell } : {}), ...(prompt !== undefined ? { prompt } : {}) };
  }

  private unplannedRemainder(): RunItem[] {
    const items: RunItem[] = [];
    for (let index = this.state.planned; index < this.total; index++) items.push(unplanned(index));
    if (this.options.keepItems) items.forEach((item) => (this.items[item.index] = item));
    return items;
  }
}

/** An item of a group that has no settled block: how far the group got says what it is. */
function blockless(group: GroupRecord, k: number, ids: RequestId[] | undefined): RunItem {
  const status = statusWithoutBlock(group);
  return {
    index: group.first + k,
    group: group.g,
    ...(group.origins?.[k] ? { origin: group.origins[k] } : {}),
    status,
    requestId: ids?.[k] ?? null,
    response: null,
    error: status === 'unknown' ? (group.unknownNote ?? null) : null,
  };
}

function idsOf(group: GroupRecord): RequestId[] | undefined {
  return group.submitted ? expandIds(group.submitted.ids) : undefined;
}

function unplanned(index: number): RunItem {
  return { index, group: -1, status: 'unsent', requestId: null, response: null, error: null };
}
