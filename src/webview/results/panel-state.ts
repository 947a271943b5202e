// The webview state kept across reloads: which run, and where the user was. Read back defensively,
// since it is whatever an earlier version of this page stored (or nothing). DOM-free.

import type { ResponseFormat, ResultsPanelState } from '../../protocol/results';
import { isItemStatus } from './item-filter';

export function restorePanelState(saved: unknown): ResultsPanelState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { runId, filter, search, scrollTop, selected, responseFormat } = saved as Record<string, unknown>;
  if (typeof runId !== 'string') return undefined;
  const state: ResultsPanelState = { runId };
  if (isItemStatus(filter)) state.filter = filter;
  if (typeof search === 'string') state.search = search;
  if (isNonNegativeNumber(scrollTop)) state.scrollTop = scrollTop;
  if (isNonNegativeNumber(selected) && Number.isInteger(selected)) state.selected = selected;
  if (isResponseFormat(responseFormat)) state.responseFormat = responseFormat;
  return state;
}

function isResponseFormat(value: unknown): value is ResponseFormat {
  return value === 'raw' || value === 'rendered';
}

function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
