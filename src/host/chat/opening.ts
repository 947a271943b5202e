// How a conversation starts from messages someone wrote (a chat file, a rendered .prompty): a system message
// first is the chat's system prompt, earlier exchanges are its prefix, and the last message, which must be
// the user's text, is the first turn the model answers.

import type { ChatMessage } from '../../core/api/types';
import type { ChatParams } from '../../core/chat/conversation';

export interface Opening {
  user: string;
  /** Messages before the user's (from a chat file). */
  prefix: ChatMessage[];
  system?: string;
  title: string;
  /** Parameters the source asks for (a .prompty's model.parameters); the settings give the rest. */
  params?: Partial<ChatParams>;
  /** The model the source names (a .prompty's model.configuration), used when the deployment serves it. */
  modelHint?: string;
}

/** The opening, or why these messages cannot start a chat (`name` names the file in that sentence). */
export function openingOf(messages: ChatMessage[], title: string, name: string): { opening: Opening } | { problem: string } {
  const system = messages[0]?.role === 'system' && typeof messages[0].content === 'string' ? messages[0].content : undefined;
  const rest = system === undefined ? messages : messages.slice(1);
  const last = rest[rest.length - 1];
  if (!last || last.role !== 'user' || typeof last.content !== 'string') {
    return { problem: `${name}: the conversation must end with a user message (text) for the model to answer.` };
  }
  return { opening: { user: last.content, prefix: rest.slice(0, -1), ...(system ? { system } : {}), title } };
}
