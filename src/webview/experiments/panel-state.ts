// The webview state kept across reloads: which run, the filters, where the user was and how outputs
// show. Read back defensively, since it is whatever an earlier version of this page stored (or nothing).
// DOM-free.

import type { ExperimentPanelState } from '../../protocol/experiments';
import { isNonNegativeInteger, isNonNegativeNumber, isOutputFormat } from '../shared/saved-state';
import { isCellStatus, isReviewChoice, isVerdictChoice } from './matrix-filter';

export function restorePanelState(saved: unknown): ExperimentPanelState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { runId, column, status, verdict, changedOnly, flakyOnly, regressedOnly, review, search, scrollTop, selected, outputFormat } = saved as Record<string, unknown>;
  if (typeof runId !== 'string') return undefined;
  const state: ExperimentPanelState = { runId };
  if (isNonNegativeInteger(column)) state.column = column;
  if (isCellStatus(status)) state.status = status;
  if (isVerdictChoice(verdict)) state.verdict = verdict;
  if (changedOnly === true) state.changedOnly = true;
  if (flakyOnly === true) state.flakyOnly = true;
  if (regressedOnly === true) state.regressedOnly = true;
  if (isReviewChoice(review)) state.review = review;
  if (typeof search === 'string') state.search = search;
  if (isNonNegativeNumber(scrollTop)) state.scrollTop = scrollTop;
  if (isCellRef(selected)) state.selected = { row: selected.row, column: selected.column, repeat: selected.repeat };
  if (isOutputFormat(outputFormat)) state.outputFormat = outputFormat;
  return state;
}

function isCellRef(value: unknown): value is { row: number; column: number; repeat: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { row, column, repeat } = value as Record<string, unknown>;
  return isNonNegativeInteger(row) && isNonNegativeInteger(column) && isNonNegativeInteger(repeat);
}
