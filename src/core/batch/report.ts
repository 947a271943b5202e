// The final report: every input prompt exactly once, in input order, read back from the ledger.
// Settled groups come from their last complete block of item lines; the others are described by
// how far they got (pending with their ids, unknown, or unsent).

import { readLedgerLines } from './ledger-file';
import { statusWithoutBlock, type GroupRecord, type LedgerState } from './ledger-state';
import { expandIds } from './request-ids';
import type { ReportItem } from './types';

export function* reportItems(ledgerPath: string, state: LedgerState): Generator<ReportItem> {
  for (const group of state.groups) {
    yield* group.block ? blockItems(ledgerPath, group) : itemsWithoutBlock(group);
  }
  for (let index = state.planned; index < (state.inputTotal ?? state.planned); index++) {
    yield { index, request_id: null, status: 'unsent', response: null, error: null };
  }
}

function* blockItems(ledgerPath: string, group: GroupRecord): Generator<ReportItem> {
  for (const { event } of readLedgerLines(ledgerPath, group.block?.offset)) {
    if (event.t === 'group-done') return;
    if (event.t !== 'item' || event.g !== group.g) {
      throw new Error(`The ledger ${ledgerPath} has a damaged block for group ${group.g}.`);
    }
    yield { index: event.i, request_id: event.id, status: event.s, response: event.r ?? null, error: event.e ?? null };
  }
}

function* itemsWithoutBlock(group: GroupRecord): Generator<ReportItem> {
  const status = statusWithoutBlock(group);
  const ids = group.submitted ? expandIds(group.submitted.ids) : undefined;
  for (let k = 0; k < group.count; k++) {
    yield { index: group.first + k, request_id: ids?.[k] ?? null, status, response: null, error: null };
  }
}
