// Narrows what arrives on the page's message channel to the host's experiment messages. Only the shape
// that routing depends on is checked: the host is trusted, but other senders (VS Code's own messages,
// a stray postMessage) must not reach the handlers. DOM-free.

import type { ExperimentToWebview } from '../../protocol/experiments';

export function isExperimentToWebview(value: unknown): value is ExperimentToWebview {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'init':
      return isObject(value.header) && Array.isArray(value.header.columns) && Array.isArray(value.rows) && Array.isArray(value.cells) && isObject(value.progress);
    case 'cells':
      return Array.isArray(value.cells);
    case 'progress':
      return isObject(value.progress);
    case 'detail':
      return isObject(value.cell) && Number.isInteger(value.cell.row) && Number.isInteger(value.cell.column) && Number.isInteger(value.cell.repeat);
    case 'judged':
      return Array.isArray(value.columns) && Array.isArray(value.rows);
    case 'comparison':
      return value.comparison === null || (isObject(value.comparison) && isObject(value.comparison.counts));
    default:
      return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
