// How a conversation starts from messages someone wrote (a chat file, a rendered .prompty): a system message
// first is the chat's system prompt, earlier exchanges are its prefix, and the last message, which must be
// the user's text, is the first turn the model answers.

import type { ChatMessage } from '../../core/api/types';
import type { ChatExtras, ChatParams } from '../../core/chat/conversation';

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
  /** Tools, tool_choice and response_format the source sends with every turn. */
  extras?: ChatExtras;
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

/** The opening's messages again, whole: what Import Conversation turns into a saved conversation. */
export function openingMessages(opening: Opening): ChatMessage[] {
  return [...(opening.system ? [{ role: 'system', content: opening.system }] : []), ...opening.prefix, { role: 'user', content: opening.user }];
}

/** A .prompty's `model.parameters` tools, tool_choice and response_format (parsePrompty kept them as written). */
export function extrasOfParameters(parameters: Record<string, unknown>): ChatExtras {
  const extras: ChatExtras = {};
  if (Array.isArray(parameters.tools)) extras.tools = parameters.tools;
  if (parameters.tool_choice !== undefined) extras.tool_choice = parameters.tool_choice;
  if (parameters.response_format !== undefined) extras.response_format = parameters.response_format;
  return extras;
}

/** A conversation's title from the text that starts it: its first line, cut at 40 characters. */
export function titleOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? text;
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
