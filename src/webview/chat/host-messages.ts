// Narrows what arrives on the page's message channel to the host's chat messages. Only the shape that
// routing depends on is checked: the host is trusted, but other senders (VS Code's own messages, a stray
// postMessage) must not reach the handlers. DOM-free.

import type { ChatToWebview } from '../../protocol/chat';

export function isChatToWebview(value: unknown): value is ChatToWebview {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'init':
      return isObject(value.chat) && Array.isArray(value.chat.turns) && Array.isArray(value.chat.models);
    case 'delta':
      return isAnswerAddress(value) && (value.content === undefined || typeof value.content === 'string') && (value.reasoning === undefined || typeof value.reasoning === 'string');
    case 'answer':
      return isAnswerAddress(value) && isObject(value.view) && typeof value.view.content === 'string';
    case 'busy':
      return typeof value.busy === 'boolean';
    default:
      return false;
  }
}

function isAnswerAddress(message: Record<string, unknown>): boolean {
  return Number.isInteger(message.turn) && Number.isInteger(message.answer) && Number.isInteger(message.seq);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
