// Every prompt of a run with its text, origin and latest state, read from the ledger in one pass: what a
// results panel shows, and what exports write. (The CLI's report needs no prompt text and streams instead.)

import type { PromptEntry } from '../api/types';
import { readLedgerLines } from '../batch/ledger-file';
import type { RunHeader } from '../batch/ledger-state';
import { expandIds } from '../batch/request-ids';
import type { ItemOrigin, ItemStatus, LedgerEvent, RequestId } from '../batch/types';

export interface RunItem {
  index: number;
  group: number;
  prompt: PromptEntry | undefined;
  origin?: ItemOrigin;
  status: ItemStatus;
  requestId: RequestId | null;
  response: string | null;
  error: string | null;
}

export interface LoadedRun {
  header: RunHeader;
  items: RunItem[];
  /** How the run last ended; undefined while it has not (going now, or interrupted). */
  end?: Extract<LedgerEvent, { t: 'end' }>;
}

type ItemEvent = Extract<LedgerEvent, { t: 'item' }>;

interface GroupTrack {
  first: number;
  prompts: PromptEntry[];
  origins?: ItemOrigin[];
  submitAttempts: number;
  ids?: RequestId[];
  settled?: ItemEvent[];
}

export function loadRunItems(ledgerPath: string): LoadedRun {
  let header: RunHeader | undefined;
  const groups: GroupTrack[] = [];
  let inputTotal: number | undefined;
  let end: LoadedRun['end'];
  let block: ItemEvent[] = [];
  for (const { event } of readLedgerLines(ledgerPath)) {
    switch (event.t) {
      case 'run':
        header = event;
        break;
      case 'group':
        groups[event.g] = { first: event.first, prompts: event.prompts, origins: event.origins, submitAttempts: 0 };
        break;
      case 'submit':
        groups[event.g].submitAttempts++;
        break;
      case 'resubmit':
        groups[event.g].settled = undefined;
        break;
      case 'submitted':
        groups[event.g].ids = expandIds(event.ids);
        break;
      case 'item':
        block.push(event);
        break;
      case 'group-done':
        groups[event.g].settled = block;
        block = [];
        break;
      case 'input-end':
        inputTotal = event.total;
        break;
      case 'end':
        end = event;
        break;
      case 'resume':
        end = undefined;
        break;
    }
  }
  if (!header) throw new Error(`${ledgerPath} is not a run ledger: its first line should be a "run" event.`);
  const items = groups.flatMap((group, g) => groupItems(group, g));
  for (let index = items.length; index < (inputTotal ?? 0); index++) {
    items.push({ index, group: -1, prompt: undefined, status: 'unsent', requestId: null, response: null, error: null });
  }
  return { header, items, ...(end ? { end } : {}) };
}

function groupItems(group: GroupTrack, g: number): RunItem[] {
  const withoutResult: ItemStatus = group.ids ? 'pending' : group.submitAttempts > 0 ? 'unknown' : 'unsent';
  return group.prompts.map((prompt, k) => {
    const settled = group.settled?.[k];
    return {
      index: group.first + k,
      group: g,
      prompt,
      ...(group.origins?.[k] ? { origin: group.origins[k] } : {}),
      status: settled?.s ?? withoutResult,
      requestId: settled?.id ?? group.ids?.[k] ?? null,
      response: settled?.r ?? null,
      error: settled?.e ?? null,
    };
  });
}
