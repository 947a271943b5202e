// Messages someone wrote or exported (a chat file, a rendered .prompty) as the turns of a saved
// conversation, sent nowhere: a system message first is the system prompt; each user message is a turn,
// the assistant message after it that turn's answer, tool messages the results of its tool calls (and the
// assistant message after them a tool turn). A last user message nobody answered waits as the draft.
// Messages that do not follow that order (an assistant first, a tool result for no call, two answers in a
// row, content that is not text) keep the file as it is instead: everything before the last user message
// becomes the conversation's earlier messages.

import type { ChatMessage } from '../api/types';
import type { Answer, ToolCall } from './answer';
import type { Turn } from './conversation';

export interface ImportedConversation {
  system?: string;
  prefix: ChatMessage[];
  turns: Turn[];
  /** The last user message, when no answer follows it: for the message box. */
  draft?: string;
}

export function importMessages(messages: readonly ChatMessage[]): ImportedConversation {
  const system = messages[0]?.role === 'system' && typeof messages[0].content === 'string' ? messages[0].content : undefined;
  const rest = system === undefined ? messages : messages.slice(1);
  const turns = asTurns(rest);
  const result: ImportedConversation = turns ? { prefix: [], ...turns } : asPrefix(rest);
  return system === undefined ? result : { system, ...result };
}

function asTurns(messages: readonly ChatMessage[]): Pick<ImportedConversation, 'turns' | 'draft'> | undefined {
  const turns: Turn[] = [];
  /** The turn whose answer comes next; undefined when the last turn has one. */
  let open: Turn | undefined;
  let draft: string | undefined;
  for (const message of messages) {
    const last = turns[turns.length - 1];
    if (message.role === 'user' && typeof message.content === 'string' && open === undefined) {
      open = { user: message.content, imported: true, answers: [] };
      turns.push(open);
    } else if (message.role === 'assistant' && open !== undefined && (typeof message.content === 'string' || message.content === null)) {
      open.answers = [importedAnswer(message)];
      open = undefined;
    } else if (message.role === 'tool' && open === undefined && last !== undefined && typeof message.content === 'string') {
      const call = last.answers[0]?.toolCalls.find((candidate) => candidate.id !== undefined && candidate.id === message.tool_call_id && candidate.result === undefined);
      if (call === undefined) return undefined;
      call.result = message.content;
      // The model's next message answers the results: a tool turn.
      if (last.answers[0].toolCalls.every((candidate) => candidate.id === undefined || candidate.result !== undefined)) {
        open = { user: '', kind: 'tool', imported: true, answers: [] };
        turns.push(open);
      }
    } else {
      return undefined;
    }
  }
  if (open !== undefined) {
    turns.pop();
    if (open.kind !== 'tool') draft = open.user;
  }
  return draft === undefined ? { turns } : { turns, draft };
}

function asPrefix(messages: readonly ChatMessage[]): ImportedConversation {
  const last = messages[messages.length - 1];
  if (last?.role === 'user' && typeof last.content === 'string') return { prefix: messages.slice(0, -1), turns: [], draft: last.content };
  return { prefix: [...messages], turns: [] };
}

function importedAnswer(message: ChatMessage): Answer {
  const toolCalls = (message.tool_calls ?? []).map(toolCallOf);
  return { model: '', state: 'done', content: typeof message.content === 'string' ? message.content : '', reasoning: '', toolCalls };
}

function toolCallOf(raw: unknown): ToolCall {
  const call = raw as { id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null;
  const fn = call?.function;
  const args = fn?.arguments;
  return {
    ...(typeof call?.id === 'string' ? { id: call.id } : {}),
    ...(typeof fn?.name === 'string' ? { name: fn.name } : {}),
    arguments: typeof args === 'string' ? args : args === undefined ? '' : JSON.stringify(args),
  };
}
