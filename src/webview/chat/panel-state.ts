// The webview state kept across reloads: which conversation, and the draft being typed. Read back
// defensively, since it is whatever an earlier version of this page stored (or nothing). DOM-free.

import type { ChatPanelState } from '../../protocol/chat';

export function restoreChatPanelState(saved: unknown): ChatPanelState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { chatId, draft } = saved as Record<string, unknown>;
  if (typeof chatId !== 'string') return undefined;
  return typeof draft === 'string' && draft !== '' ? { chatId, draft } : { chatId };
}
