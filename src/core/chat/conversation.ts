// A conversation: user turns and each model's answers, what each model is sent for the next turn (its own
// earlier answers, so a comparison stays several separate conversations), and saving it as one JSON file.
//
// The record's models, system, transport and params are the controls for the next turn; each turn keeps
// the controls it was sent with (`sent`), so what a turn sent can be shown again exactly. Records saved
// before turns kept their controls load as they are: such a turn was sent with the conversation's.
// In a comparison each column can have its own system prompt and params (`columns`, once one was set
// apart); until then, and in records saved before columns could differ, every column takes the conversation's.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage, ChatRequest } from '../api/types';
import type { ChatFileExtras } from '../prompts/chat-document';
import type { Answer, ToolCall } from './answer';

export interface ChatParams {
  max_tokens: number;
  temperature?: number;
}

export type ChatTransport = 'stream' | 'queue';

/** OpenAI fields a chat file asks to send with every turn besides the messages (the server forwards them, protocol §6). */
export type ChatExtras = ChatFileExtras;

/** What one column is sent with besides the conversation: its system prompt and its params. */
export interface ColumnSettings {
  system?: string;
  params: ChatParams;
}

/** The controls a turn was sent with. */
export interface TurnSettings extends ColumnSettings {
  transport: ChatTransport;
  /** Each column's own, when the columns of a comparison were set apart; else every column was sent `system` and `params`. */
  columns?: ColumnSettings[];
  /** The deployment it went to. */
  baseUrl?: string;
}

export interface Turn {
  /** The user's message; empty for a tool turn. */
  user: string;
  /** `tool`: the turn sends the results of the previous answers' tool calls instead of a user message. */
  kind?: 'tool';
  /** Read from a file: nothing was sent for it. */
  imported?: true;
  sent?: TurnSettings;
  answers: Answer[];
}

export interface ConversationRecord {
  v: 1;
  chatId: string;
  title: string;
  /** A new chat: it takes its title from its first message. */
  untitled?: true;
  createdAt: string;
  /** One model per column; an empty name means the deployment's default model. */
  models: string[];
  system?: string;
  /** Messages from a chat file that come before the first turn (earlier user/assistant exchanges). */
  prefix: ChatMessage[];
  /**
   * One for every column, unlike the params: a comparison's timings (time to first token, tokens per second,
   * total) compare only when every column's answer travels the same way.
   */
  transport: ChatTransport;
  params: ChatParams;
  /**
   * A comparison's columns once one of them was set apart: each column's own system prompt and params, one
   * per model, in place of `system` and `params` (which stay what the conversation started from).
   */
  columns?: ColumnSettings[];
  extras?: ChatExtras;
  turns: Turn[];
}

/**
 * The controls turn `turn` was sent with. A record saved before turns kept theirs: the conversation's (such
 * records predate columns set apart, so its `columns`, if set since, are not what those turns were sent).
 */
export function turnSettings(record: ConversationRecord, turn: number): TurnSettings {
  const sent = record.turns[turn]?.sent;
  if (sent) return sent;
  return { ...(record.system ? { system: record.system } : {}), transport: record.transport, params: record.params };
}

/** What column `column` is sent with next: its own settings in a comparison set apart, else the conversation's. */
export function nextColumnSettings(record: ConversationRecord, column: number): ColumnSettings {
  return record.columns?.[column] ?? { ...(record.system !== undefined ? { system: record.system } : {}), params: record.params };
}

/** A copy of a column's settings that shares nothing with the original (its params are an object of its own). */
export function copyColumnSettings(settings: ColumnSettings): ColumnSettings {
  return { ...(settings.system !== undefined ? { system: settings.system } : {}), params: { ...settings.params } };
}

/** What column `column` was sent turn `turn` with: its own settings if the turn kept them per column, else the turn's. */
export function columnSettings(record: ConversationRecord, turn: number, column: number): ColumnSettings {
  const sent = turnSettings(record, turn);
  return sent.columns?.[column] ?? { ...(sent.system !== undefined ? { system: sent.system } : {}), params: sent.params };
}

/** The messages model `column` is sent to answer turn `turn`: the system prompt, the prefix, then the history. */
export function messagesFor(record: ConversationRecord, turn: number, column: number): ChatMessage[] {
  return history(record, turn, column, false);
}

/** The whole conversation of model `column`, its last answer included (what an export holds). */
export function conversationMessages(record: ConversationRecord, column: number): ChatMessage[] {
  return history(record, record.turns.length - 1, column, true);
}

function history(record: ConversationRecord, turn: number, column: number, withLastAnswer: boolean): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const system = columnSettings(record, Math.max(0, turn), column).system;
  if (system) messages.push({ role: 'system', content: system });
  messages.push(...record.prefix);
  record.turns.slice(0, turn + 1).forEach((t, i) => {
    if (t.kind !== 'tool') messages.push({ role: 'user', content: t.user });
    if (i < turn || withLastAnswer) messages.push(...answerMessages(t.answers[column]));
  });
  return messages;
}

/**
 * An answer as the model is reminded of it: its text, and the tool calls the user answered followed by
 * their results. Calls left unanswered are left out (a call needs its result next to it).
 */
function answerMessages(answer: Answer | undefined): ChatMessage[] {
  if (!answer) return [];
  const answered = answer.toolCalls.filter((call): call is ToolCall & { id: string; result: string } => call.id !== undefined && call.result !== undefined);
  if (answer.content === '' && answered.length === 0) return [];
  if (answered.length === 0) return [{ role: 'assistant', content: answer.content }];
  return [
    {
      role: 'assistant',
      content: answer.content === '' ? null : answer.content,
      tool_calls: answered.map((call) => ({ id: call.id, type: 'function', function: { name: call.name ?? '', arguments: call.arguments } })),
    },
    ...answered.map((call) => ({ role: 'tool', tool_call_id: call.id, content: call.result })),
  ];
}

/** The request model `column` is sent for turn `turn`: the turn's controls, the model its answer names, the file's extras. */
export function chatRequest(record: ConversationRecord, turn: number, column: number): ChatRequest {
  const { params } = columnSettings(record, turn, column);
  const model = record.turns[turn]?.answers[column]?.model ?? record.models[column];
  return {
    messages: messagesFor(record, turn, column),
    max_tokens: params.max_tokens,
    ...(model ? { model } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...record.extras,
  };
}

/** The body as it goes on the wire: the client adds `stream` for the transport (ScalarLMClient.chat / streamChat). */
export function chatBody(record: ConversationRecord, turn: number, column: number): ChatRequest {
  return { ...chatRequest(record, turn, column), stream: turnSettings(record, turn).transport === 'stream' };
}

/**
 * Whether the user can answer the last turn's tool calls now: every answer of it finished asking for at
 * least one tool (with an id to answer to), and some call still waits for its result.
 */
export function toolCallsOpen(record: ConversationRecord): boolean {
  const last = record.turns[record.turns.length - 1];
  if (!last || last.answers.length === 0) return false;
  const asked = last.answers.every((answer) => answer.state === 'done' && answer.toolCalls.some((call) => call.id !== undefined));
  return asked && last.answers.some((answer) => answer.toolCalls.some((call) => call.id !== undefined && call.result === undefined));
}

/** Every call of the last turn that can be answered has its result: the model can go on. */
export function toolResultsComplete(record: ConversationRecord): boolean {
  const last = record.turns[record.turns.length - 1];
  if (!last || last.answers.length === 0) return false;
  return last.answers.every((answer) => {
    const answerable = answer.toolCalls.filter((call) => call.id !== undefined);
    return answer.state === 'done' && answerable.length > 0 && answerable.every((call) => call.result !== undefined);
  });
}

/**
 * The conversation ends in tool results no model has answered yet: every call of the last turn has its
 * result (or, with no turns, the earlier messages end in a `tool` message). So ends a conversation imported
 * from a file that stops after the results; sending it as it is, as a tool turn, lets the model go on.
 */
export function endsInToolResults(record: ConversationRecord): boolean {
  if (record.turns.length === 0) return record.prefix[record.prefix.length - 1]?.role === 'tool';
  return toolResultsComplete(record);
}

/** What the Chat History view lists of a conversation. */
export interface ConversationSummary {
  chatId: string;
  title: string;
  createdAt: string;
  /** When it last changed (the file's time), ms since the epoch. */
  updatedMs: number;
  /** The models that answered (not counting turns read from a file), else the ones chosen ('' is the deployment's default). */
  models: string[];
  /** Models answering each turn side by side: more than one for a comparison. */
  columns: number;
  /** The first line of the first user message ('' when there is none yet). */
  firstLine: string;
  turns: number;
}

const SUFFIX = '.chat.json';

/** Conversations live beside the batch runs, one JSON file each. */
export class ConversationStore {
  constructor(readonly dir: string) {}

  save(record: ConversationRecord): void {
    mkdirSync(this.dir, { recursive: true });
    const path = this.path(record.chatId);
    // Write then rename: a crash leaves the old conversation or the new one, never half of one.
    writeFileSync(`${path}.tmp`, JSON.stringify(record));
    renameSync(`${path}.tmp`, path);
  }

  load(chatId: string): ConversationRecord | undefined {
    const path = this.path(chatId);
    if (!existsSync(path)) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as ConversationRecord;
  }

  list(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => name.slice(0, -SUFFIX.length));
  }

  /** Every conversation, the most recently changed first; a file that cannot be read is reported and skipped. */
  summaries(onDamaged: (path: string, error: Error) => void = () => undefined): ConversationSummary[] {
    const found: ConversationSummary[] = [];
    for (const chatId of this.list()) {
      const path = this.path(chatId);
      try {
        found.push(summaryOf(JSON.parse(readFileSync(path, 'utf8')) as ConversationRecord, statSync(path).mtimeMs));
      } catch (error) {
        onDamaged(path, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return found.sort((a, b) => b.updatedMs - a.updatedMs || b.createdAt.localeCompare(a.createdAt));
  }

  delete(chatId: string): void {
    rmSync(this.path(chatId), { force: true });
  }

  private path(chatId: string): string {
    if (!/^[\w-]+$/.test(chatId)) throw new Error(`Not a conversation id: ${chatId}`);
    return join(this.dir, `${chatId}${SUFFIX}`);
  }
}

function summaryOf(record: ConversationRecord, updatedMs: number): ConversationSummary {
  if (typeof record.chatId !== 'string' || !Array.isArray(record.turns) || !Array.isArray(record.models)) throw new Error('not a saved conversation');
  const used = record.turns.filter((turn) => !turn.imported).flatMap((turn) => turn.answers.map((answer) => answer.model));
  const models = [...new Set(used.length > 0 ? used : record.models)];
  const firstUser = record.turns.find((turn) => turn.kind !== 'tool' && turn.user.trim() !== '')?.user ?? '';
  const firstLine = firstUser.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  return { chatId: record.chatId, title: record.title, createdAt: record.createdAt, updatedMs, models, columns: record.models.length, firstLine, turns: record.turns.length };
}
