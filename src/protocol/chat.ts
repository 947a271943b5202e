// Messages between the host and a chat panel (one panel per conversation; a comparison is a conversation
// with several models answering each turn side by side). Both sides compile this file; it imports only its
// sibling message-shape.

import { carried, carriedList, messageGuard, optional, type MessageOf, type MessageSpec } from './message-shape';

export type AnswerState =
  /** Sent, nothing back yet (the queue path shows how long it has waited). */
  | 'waiting'
  | 'streaming'
  | 'done'
  /** The user pressed Stop: the text so far is kept. */
  | 'stopped'
  /** Cut off by something else (a window reload, its panel closed): the text so far is kept, `error` says what cut it. */
  | 'interrupted'
  /** The server reported an error (an SSE error event, a worker error, a 404 or 422...). */
  | 'error'
  /** The stream closed without [DONE]: the text so far is kept. */
  | 'incomplete';

export interface ToolCallView {
  id?: string;
  name?: string;
  arguments: string;
  /** What the user answered it with. */
  result?: string;
}

export interface UsageView {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** One model's answer to one user turn. */
export interface AnswerView {
  model: string;
  state: AnswerState;
  content: string;
  reasoning: string;
  toolCalls: ToolCallView[];
  finishReason?: string;
  usage?: UsageView;
  timeToFirstTokenMs?: number;
  tokensPerSecond?: number;
  totalMs?: number;
  /** The server's text, when state is error or incomplete; what cut it off, when interrupted. */
  error?: string;
  /** Queue path: how long it has waited, and the heartbeats seen. */
  waitingMs?: number;
  heartbeats?: number;
  /** Queue path: the server said 429; the panel waits this long once, visibly, then retries. */
  retryAfterSeconds?: number;
  /** In `init`: the last `seq` this view includes; the next message for this answer has seq + 1. */
  seq?: number;
}

/** `stream` = SSE tokens as they arrive; `queue` = the server's queue (non-streaming, heartbeats). */
export type Transport = 'stream' | 'queue';

export interface TurnView {
  /** The user's message; empty for a tool turn. */
  user: string;
  /** `tool`: the turn sent the results of the tool calls before it. */
  kind?: 'tool';
  /** Read from a file: nothing was sent for it, so there is no code to copy. */
  imported?: boolean;
  /** How its answers travel. */
  transport: Transport;
  /** One per model, in the conversation's model order. */
  answers: AnswerView[];
}

export interface ModelChoice {
  id: string;
  /** The base model, for a trained adaptor. */
  parent?: string;
  /** What the pickers call it ("adaptor 1a2b3c4d" for a trained adaptor's hash); the id when absent. */
  label?: string;
}

/** What one column sends besides the conversation. */
export interface ColumnControls {
  /** Undefined: not sent (the server's default). */
  temperature?: number;
  maxTokens: number;
  system: string;
}

/** The controls for the next turn, and the deployment's models to pick from. */
export interface ChatControls {
  /** One per column; an empty name is the deployment's default model. */
  models: string[];
  /** One per column, beside `models`: in a comparison each column has its own. */
  columns: ColumnControls[];
  /** One for the whole conversation. */
  transport: Transport;
  /** GET /v1/models; undefined while it is read or when it cannot be. */
  choices?: ModelChoice[];
  /** What the deployment answers with when no model is named. */
  defaultModel?: string;
}

export interface ChatView {
  chatId: string;
  title: string;
  controls: ChatControls;
  /** Names of the tools the conversation offers the model (from its chat file). */
  toolNames: string[];
  /** Messages from the chat file before the first turn. */
  prefix: { role: string; text: string }[];
  turns: TurnView[];
  /** A turn is being answered: sending is disabled, Stop is enabled. */
  busy: boolean;
  /** The last turn's tool calls wait for the user's results. */
  toolsOpen: boolean;
  /**
   * The conversation ends in tool results no model has answered (one imported from a file): Send with no
   * text, or Retry, asks the model to go on from them.
   */
  endsInToolResults: boolean;
  /** Text for the message box, given once (an imported conversation's last message nobody answered). */
  draft?: string;
}

export const CHAT_TO_WEBVIEW = {
  /** The whole conversation, in answer to every `ready`. */
  init: { chat: carried<ChatView>(isChatShape) },
  /**
   * Text that arrived for one answer since the last message, in order: append it. `seq` grows by one per
   * message (delta or answer) for that answer, from the `seq` its view had in `init`, so the page can tell a
   * gap (it then asks for `ready` again and gets a fresh `init`). `toolCalls`, unlike the text, is the answer's
   * tool calls so far, whole: it replaces the list (their arguments arrive in fragments the host merges by index).
   */
  delta: { turn: 'integer', answer: 'integer', seq: 'integer', content: optional('string'), reasoning: optional('string'), toolCalls: optional(carriedList<ToolCallView>()) },
  /** An answer's state and figures changed (started, waiting, finished, failed): replace all but the text. */
  answer: { turn: 'integer', answer: 'integer', seq: 'integer', view: carried<AnswerView>((view) => typeof (view as { content?: unknown }).content === 'string') },
  busy: { busy: 'boolean', toolsOpen: 'boolean' },
  /** The controls changed (or the deployment's models arrived): the conversation itself did not. */
  controls: { controls: carried<ChatControls>(isControls) },
} as const satisfies MessageSpec;

export type ChatToWebview = MessageOf<typeof CHAT_TO_WEBVIEW>;

/** What the page accepts on its channel: the host's messages, not VS Code's own or a stray postMessage. */
export const isChatToWebview = messageGuard(CHAT_TO_WEBVIEW);

function isChatShape(value: unknown): boolean {
  const chat = value as { turns?: unknown; controls?: unknown; prefix?: unknown; toolNames?: unknown };
  return Array.isArray(chat.turns) && isControls(chat.controls) && Array.isArray(chat.prefix) && Array.isArray(chat.toolNames);
}

function isControls(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const controls = value as { models?: unknown; columns?: unknown };
  return Array.isArray(controls.models) && Array.isArray(controls.columns) && controls.columns.length === controls.models.length && controls.columns.every(isColumnControls);
}

function isColumnControls(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const column = value as { maxTokens?: unknown; system?: unknown };
  return typeof column.maxTokens === 'number' && typeof column.system === 'string';
}

export const ANSWER_ACTIONS = ['copy', 'insert', 'open'] as const;
export type AnswerAction = (typeof ANSWER_ACTIONS)[number];

/** A turn's request as code: cURL, Python, TypeScript. */
export const CODE_FORMATS = ['curl', 'python', 'typescript'] as const;
export type CodeFormat = (typeof CODE_FORMATS)[number];

/**
 * The controls set from a text field; the host checks the value (an invalid one is answered with the controls
 * as they are). All but `transport` are a column's own.
 */
export const CONTROL_FIELDS = ['temperature', 'maxTokens', 'system', 'transport'] as const;
export type ControlField = (typeof CONTROL_FIELDS)[number];

/** A model's name as the panels show it: a trained adaptor is named by a 64-character hash, shown by its first twelve. */
export function shortModelName(model: string): string {
  return /^[0-9a-f]{64}$/.test(model) ? `${model.slice(0, 12)}…` : model;
}

/** What the page posts, declared once: the type below and the host's check both come from it. */
export const CHAT_FROM_WEBVIEW = {
  ready: {},
  /** A new user turn; no text goes on from the tool results the conversation ends in (else nothing happens). */
  send: { text: 'string' },
  stop: {},
  /** Ask the last turn again (its answers are replaced), or for the answer to the tool results the conversation ends in. */
  retry: {},
  /** Forget the conversation's turns (keeps models and system prompt). */
  clear: {},
  answer: { action: ANSWER_ACTIONS, turn: 'integer', answer: 'integer' },
  /** A code block's copy button. */
  copyText: { text: 'string' },
  /** Copy the request that answer `answer` of turn `turn` was asked with, as code. */
  copyCode: { format: CODE_FORMATS, turn: 'integer', answer: 'integer' },
  /** The model of one column for the next turn ('' for the deployment's default). */
  setModel: { column: 'integer', model: 'string' },
  /** Column `column`'s temperature ('' for none), maxTokens or system, or the transport ('stream' | 'queue', any column), as typed. */
  setControl: { column: 'integer', field: CONTROL_FIELDS, value: 'string' },
  /** The result of tool call `call` of an answer of the last turn; once every call has one, the model goes on. */
  toolResult: { turn: 'integer', answer: 'integer', call: 'integer', content: 'string' },
} as const satisfies MessageSpec;

export type ChatFromWebview = MessageOf<typeof CHAT_FROM_WEBVIEW>;

export const isChatMessage = messageGuard(CHAT_FROM_WEBVIEW);

/** The page's saved state: which conversation it shows, and the draft being typed. */
export interface ChatPanelState {
  chatId: string;
  draft?: string;
}
