// The webview state kept across reloads: which run, and where the user was. Read back defensively,
// since it is whatever an earlier version of this page stored (or nothing). DOM-free.

import type { ResultsPanelState } from '../../protocol/results';
import { isNonNegativeInteger, isNonNegativeNumber, isOutputFormat } from '../shared/saved-state';
import { isItemStatus } from './item-filter';

export function restorePanelState(saved: unknown): ResultsPanelState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { runId, filter, search, scrollTop, selected, responseFormat } = saved as Record<string, unknown>;
  if (typeof runId !== 'string') return undefined;
  const state: ResultsPanelState = { runId };
  if (isItemStatus(filter)) state.filter = filter;
  if (typeof search === 'string') state.search = search;
  if (isNonNegativeNumber(scrollTop)) state.scrollTop = scrollTop;
  if (isNonNegativeInteger(selected)) state.selected = selected;
  if (isOutputFormat(responseFormat)) state.responseFormat = responseFormat;
  return state;
}
