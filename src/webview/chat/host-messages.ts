// Narrows what arrives on the page's message channel to the host's chat messages. Only the shape that
// routing depends on is checked: the host is trusted, but other senders (VS Code's own messages, a stray
// postMessage) must not reach the handlers. DOM-free.

import type { ChatToWebview } from '../../protocol/chat';

export function isChatToWebview(value: unknown): value is ChatToWebview {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'init':
      return isObject(value.chat) && Array.isArray(value.chat.turns) && isControls(value.chat.controls) && Array.isArray(value.chat.prefix) && Array.isArray(value.chat.toolNames);
    case 'delta':
      return isAnswerAddress(value) && (value.content === undefined || typeof value.content === 'string') && (value.reasoning === undefined || typeof value.reasoning === 'string');
    case 'answer':
      return isAnswerAddress(value) && isObject(value.view) && typeof value.view.content === 'string';
    case 'busy':
      return typeof value.busy === 'boolean' && typeof value.toolsOpen === 'boolean';
    case 'controls':
      return isControls(value.controls);
    default:
      return false;
  }
}

function isControls(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.models) && Array.isArray(value.columns) && value.columns.length === value.models.length && value.columns.every(isColumnControls);
}

function isColumnControls(value: unknown): boolean {
  return isObject(value) && typeof value.maxTokens === 'number' && typeof value.system === 'string';
}

function isAnswerAddress(message: Record<string, unknown>): boolean {
  return Number.isInteger(message.turn) && Number.isInteger(message.answer) && Number.isInteger(message.seq);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
