// What a ledger says about a run, rebuilt by applying its events in order: the same reducer runs when a
// ledger is replayed from disk and when the runner appends, so a resumed run sees exactly what the
// original run saw. Prompts are kept only for groups the server may not have yet, so a ledger of a
// million prompts replays in little memory.

import type { PromptEntry } from '../api/types';
import { emptyCounts, ITEM_STATUSES, type BatchParams, type ChatSampling, type ItemOrigin, type LedgerEvent, type StatusCounts, type StoredIds } from './ledger-schema';
import { blockCounts } from './ledger-blocks';

export interface GroupRecord {
  g: number;
  first: number;
  count: number;
  expectedId: string | null;
  /** What is sent, hashed, when the server's id cannot be computed (see the group event). */
  key?: string;
  /** The group's own parameters (an experiment's column), else the run's. */
  params?: BatchParams & ChatSampling;
  transport?: 'chat';
  /**
   * Kept until the server is known to have the group. A run that records its input file has them only in
   * memory, from the planner, or read again from the file on resume.
   */
  prompts?: PromptEntry[];
  origins?: ItemOrigin[];
  /** `submit` events written; one without a later `submitted` leaves the outcome unknown until reconciled. */
  submitAttempts: number;
  lastSubmitAt?: number;
  submitted?: { groupId: string | null; ids: StoredIds };
  /** The server already held the group before this run sent anything: fetched, never POSTed. */
  existing?: boolean;
  /** The last submit was cut off, and the server was then found not to have the group: it is unsent. */
  confirmedAbsent?: boolean;
  /** Set when the group could be neither found nor ruled out on the server (cleared by a deliberate resubmit). */
  unknownNote?: string;
  /** The user asked to send it again without looking first (after it was marked unknown). */
  resubmitRequested?: boolean;
  /** Offset of its last complete block (an `items` line, or version 1's item lines), and that block's counts. */
  block?: { offset: number; counts: StatusCounts };
}

export type RunHeader = Extract<LedgerEvent, { t: 'run' }>;

export interface LedgerState {
  header?: RunHeader;
  groups: GroupRecord[];
  /** Prompts planned into groups so far: a resumed run reads its input from here on. */
  planned: number;
  /** Set once the whole input was read. */
  inputTotal?: number;
  end?: Extract<LedgerEvent, { t: 'end' }>;
  /** Offset of the first item line of a block still being read. */
  openBlock?: number;
  /** Counts by status over the planned groups, kept up to date event by event. */
  counts: StatusCounts;
  /** Groups the server already held when this run came to them (fetched, not re-sent). */
  existingGroups: number;
  /** Prompts of those groups (and chat answers an earlier run of the same experiment had): not sent again. */
  existingItems: number;
  /** Prompts this run sent (a group's submit that the server took, a chat request answered). */
  sentItems: number;
}

export function emptyLedgerState(): LedgerState {
  return { groups: [], planned: 0, counts: emptyCounts(), existingGroups: 0, existingItems: 0, sentItems: 0 };
}

export function applyLedgerEvent(state: LedgerState, event: LedgerEvent, offset: number): void {
  // A version 1 item line changes no counts: the group-done after it does.
  const group = 'g' in event && event.t !== 'group' && event.t !== 'item' ? groupAt(state, event.g) : undefined;
  if (group) addCounts(state.counts, contribution(group), -1);
  applyToState(state, event, offset);
  const after = event.t === 'group' ? state.groups[event.g] : group;
  if (after) addCounts(state.counts, contribution(after), 1);
}

function applyToState(state: LedgerState, event: LedgerEvent, offset: number): void {
  // A block is written in one piece: item lines not followed by their group-done were cut by a crash.
  if (event.t !== 'item' && event.t !== 'group-done') state.openBlock = undefined;
  switch (event.t) {
    case 'run':
      state.header = event;
      return;
    case 'group': {
      const count = event.prompts?.length ?? event.n ?? 0;
      state.groups[event.g] = {
        g: event.g,
        first: event.first,
        count,
        expectedId: event.expectedId,
        ...(event.key ? { key: event.key } : {}),
        ...(event.params ? { params: event.params } : {}),
        ...(event.transport ? { transport: event.transport } : {}),
        prompts: event.prompts,
        origins: event.origins,
        submitAttempts: 0,
      };
      state.planned = Math.max(state.planned, event.first + count);
      return;
    }
    case 'submit': {
      const group = groupAt(state, event.g);
      group.submitAttempts++;
      group.lastSubmitAt = event.at;
      group.unknownNote = undefined;
      group.confirmedAbsent = undefined;
      // Asked for once: if this submit is cut off too, it is reconciled like any other.
      group.resubmitRequested = undefined;
      return;
    }
    case 'resubmit': {
      const group = groupAt(state, event.g);
      group.unknownNote = undefined;
      group.resubmitRequested = true;
      group.block = undefined;
      return;
    }
    case 'submitted': {
      const group = groupAt(state, event.g);
      // A reconcile can name the ids of a group already submitted: each group counts once.
      if (event.existing && !group.existing) {
        state.existingGroups++;
        state.existingItems += group.count;
      } else if (!event.existing && !group.submitted) state.sentItems += group.count;
      group.submitted = { groupId: event.groupId, ids: event.ids };
      group.existing ||= event.existing === true;
      group.prompts = undefined;
      group.origins = undefined;
      return;
    }
    case 'reconciled': {
      const group = groupAt(state, event.g);
      if (event.outcome === 'unknown') group.unknownNote = event.note;
      if (event.outcome === 'absent') group.confirmedAbsent = true;
      return;
    }
    case 'item':
      state.openBlock ??= offset;
      return;
    case 'group-done': {
      const group = groupAt(state, event.g);
      if (state.openBlock !== undefined) group.block = { offset: state.openBlock, counts: event.counts };
      state.openBlock = undefined;
      return;
    }
    case 'items': {
      const group = groupAt(state, event.g);
      group.block = { offset, counts: blockCounts(event, group.count) };
      return;
    }
    case 'input-end':
      state.inputTotal = event.total;
      return;
    case 'end':
      state.end = event;
      return;
    case 'resume':
      state.end = undefined;
      return;
  }
}

function groupAt(state: LedgerState, g: number): GroupRecord {
  const group = state.groups[g];
  if (!group) throw new Error(`The ledger mentions group ${g} before planning it; it is damaged.`);
  return group;
}

/** The status a group's items have when no complete block of item lines records them. */
export function statusWithoutBlock(group: GroupRecord): 'pending' | 'unknown' | 'unsent' {
  // A chat answer cut off is gone: resuming asks again (a chat request has no batch-like side effect to fear).
  if (group.transport === 'chat') return 'unsent';
  if (group.submitted) return 'pending';
  return group.submitAttempts > 0 && !group.confirmedAbsent ? 'unknown' : 'unsent';
}

/** Whether a group still needs the server: not settled, or settled with items left pending. */
export function needsWork(group: GroupRecord): boolean {
  if (group.unknownNote !== undefined) return false;
  if (group.block && !group.submitted && group.block.counts.unsent === group.count) return false;
  return !group.block || group.block.counts.pending > 0;
}

/** Whether a group still to be sent lacks its prompts (the ledger leaves them to the run's input file). */
export function needsPrompts(group: GroupRecord): boolean {
  return needsWork(group) && !group.submitted && !group.prompts;
}

/** What a group adds to the run's counts: its last block's, or all its items in one status. */
export function contribution(group: GroupRecord): StatusCounts {
  if (group.block) return group.block.counts;
  const counts = emptyCounts();
  counts[statusWithoutBlock(group)] = group.count;
  return counts;
}

export function addCounts(into: StatusCounts, counts: StatusCounts, sign: 1 | -1): void {
  for (const status of ITEM_STATUSES) into[status] += sign * counts[status];
}

/** Counts by status over the whole run, as the final report will show them. */
export function countsOf(state: LedgerState): StatusCounts {
  const counts = { ...state.counts };
  if (state.inputTotal !== undefined) counts.unsent += state.inputTotal - state.planned;
  return counts;
}
