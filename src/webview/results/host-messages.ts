// Narrows what arrives on the page's message channel to the host's results messages. Only the shape
// that routing depends on is checked: the host is trusted, but other senders (VS Code's own messages,
// a stray postMessage) must not reach the handlers. DOM-free.

import type { ResultsToWebview } from '../../protocol/results';

export function isResultsToWebview(value: unknown): value is ResultsToWebview {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'init':
      return isObject(message.header) && Array.isArray(message.items) && isObject(message.progress);
    case 'items':
      return Array.isArray(message.items);
    case 'progress':
      return isObject(message.progress);
    case 'serverFacts':
      return typeof message.index === 'number' && isObject(message.facts);
    default:
      return false;
  }
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
