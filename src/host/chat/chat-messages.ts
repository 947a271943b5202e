// Messages come from a page that shows model output: their shape is checked before the host acts on them.
// No 'vscode' import, so it is unit-tested on Node.

import type { ChatFromWebview } from '../../protocol/chat';

const ANSWER_ACTIONS = new Set(['copy', 'insert', 'open']);

export function isChatMessage(value: unknown): value is ChatFromWebview {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'stop':
    case 'retry':
    case 'clear':
      return true;
    case 'send':
    case 'copyText':
      return typeof message.text === 'string';
    case 'answer':
      return ANSWER_ACTIONS.has(String(message.action)) && Number.isInteger(message.turn) && Number.isInteger(message.answer);
    default:
      return false;
  }
}
