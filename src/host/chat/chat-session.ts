// A live conversation: sends each turn to every model of it at once, coalesces the text that streams in to
// at most one message per answer per frame (16 ms) in order, keeps the record saved, and tells its panel.
// The panel's controls (per column: model, temperature, max tokens, system prompt; the transport) apply to
// the next turn; each turn keeps the ones it was sent with, so each column's request can be shown again as code.
// While answers stream, the record is saved at most once a second, so a window reload keeps the text that
// had arrived (interruption.ts says how such an answer comes back).
// No 'vscode' import: the panel subscribes with a plain listener, and tests can drive it on Node.

import type { ApiAccess } from '../../core/api/api';
import { answer, emptyAnswer, type Answer, type ToolCall } from '../../core/chat/answer';
import {
  chatBody,
  chatRequest,
  copyColumnSettings,
  endsInToolResults,
  toolCallsOpen,
  toolResultsComplete,
  turnSettings,
  type ConversationRecord,
  type ConversationStore,
  type Turn,
} from '../../core/chat/conversation';
import type { SnippetRequest } from '../../core/snippets';
import type { ChatToWebview, ChatView, ControlField } from '../../protocol/chat';
import { applyControl, applyModel, controlsOf, type DeploymentModels } from './chat-controls';
import { interruptAnswers, type InterruptCause } from './interruption';
import { titleOf } from './opening';

/** One frame at 60 Hz: text arriving faster than this is sent in one message. */
export const FRAME_MS = 16;

const CHAT_ROUTE = '/v1/chat/completions';

/** How long a turn waits to name the default model; past that it is sent without a name (the server picks the same one). */
const DEFAULT_MODEL_WAIT_MS = 3000;

/**
 * How often at most the record is saved while answers arrive: a second of text is what a window that dies
 * without warning loses, and a long conversation is not written whole for every token.
 */
export const SAVE_WHILE_ANSWERING_MS = 1000;

interface Pending {
  content: string;
  reasoning: string;
  toolCalls?: ToolCall[];
}

export interface ChatSessionDeps {
  store: ConversationStore;
  /** A client for one turn (closed when the turn ends), or why there is none. */
  api(): ApiAccess;
  deadlineMs(): number;
  /** The deployment's models and its default (GET /v1/models), or undefined when they cannot be read. */
  models?(): Promise<DeploymentModels | undefined>;
  /** The headers a request carries besides the client's own, the gateway token as TOKEN_PLACEHOLDER. */
  headers?(): Record<string, string>;
  /** Where requests go now (for a turn that never reached a deployment). */
  baseUrl?(): string;
  /** After every save of the record. */
  saved?(record: ConversationRecord): void;
}

export class ChatSession {
  private readonly listeners = new Set<(message: ChatToWebview) => void>();
  private stopper: AbortController | undefined;
  private readonly seq = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private flushTimer: NodeJS.Timeout | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  /** What cut the turn being answered off; nothing that arrives for it afterwards is taken. */
  private cut: InterruptCause | undefined;
  private deployment: DeploymentModels | undefined;
  private reading: Promise<DeploymentModels | undefined> | undefined;
  private disposed = false;

  constructor(
    readonly record: ConversationRecord,
    private readonly deps: ChatSessionDeps,
    /** Text for the page's message box, given with the first view. */
    private draft?: string,
  ) {
    // A new session runs nothing yet: answers the record shows on their way were cut off with the window.
    if (interruptAnswers(record.turns, 'window')) this.save();
  }

  get busy(): boolean {
    return this.stopper !== undefined;
  }

  /** The deployment's default model, once read. */
  get defaultModel(): string | undefined {
    return this.deployment?.defaultModel;
  }

  onDidPost(listener: (message: ChatToWebview) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The whole conversation as the page shows it, with everything sent so far (pending text is flushed first). */
  view(): ChatView {
    this.flush();
    const { chatId, title } = this.record;
    const turns = this.record.turns.map((turn, t) => ({
      user: turn.user,
      ...(turn.kind ? { kind: turn.kind } : {}),
      ...(turn.imported ? { imported: true } : {}),
      transport: turnSettings(this.record, t).transport,
      answers: turn.answers.map((a, c) => ({ ...a, seq: this.seq.get(`${t}:${c}`) ?? 0 })),
    }));
    const draft = this.draft;
    this.draft = undefined;
    return {
      chatId,
      title,
      controls: controlsOf(this.record, this.deployment),
      toolNames: toolNames(this.record.extras?.tools),
      prefix: this.record.prefix.map((message) => ({ role: message.role, text: typeof message.content === 'string' ? message.content : JSON.stringify(message.content) })),
      turns,
      busy: this.busy,
      toolsOpen: !this.busy && toolCallsOpen(this.record),
      endsInToolResults: endsInToolResults(this.record),
      ...(draft !== undefined ? { draft } : {}),
    };
  }

  /**
   * Reads the deployment's models (for the model controls and to name the default model), once; a failed
   * read is tried again on the next call. `fresh` reads again (the deployment changed).
   */
  readModels(fresh = false): Promise<DeploymentModels | undefined> {
    if (fresh) this.reading = undefined;
    this.reading ??= (this.deps.models?.() ?? Promise.resolve(undefined)).then(
      (found) => {
        if (found === undefined) this.reading = undefined;
        else this.deployment = found;
        if (!this.disposed) this.post({ type: 'controls', controls: controlsOf(this.record, this.deployment) });
        return found;
      },
      () => {
        this.reading = undefined;
        return undefined;
      },
    );
    return this.reading;
  }

  /**
   * A new user turn, answered by every model of the conversation. No text: a conversation that ends in tool
   * results nobody answered goes on from them (a tool turn); any other is left as it is.
   */
  async send(text: string): Promise<void> {
    if (this.busy) return;
    if (text.trim() === '') return endsInToolResults(this.record) ? this.answerToolResults() : undefined;
    if (this.record.untitled) {
      this.record.title = titleOf(text);
      delete this.record.untitled;
    }
    this.record.turns.push({ user: text, answers: this.record.models.map((model) => emptyAnswer(model)) });
    await this.answerTurn(this.record.turns.length - 1);
  }

  /**
   * The last turn asked again, with the controls as they are now: its answers are replaced (an interrupted
   * one too: the deployment cannot go on from a partial answer, see README). A conversation that ends in
   * tool results nobody answered asks for that answer instead, keeping the calls and their results.
   */
  async retry(): Promise<void> {
    if (this.busy) return;
    if (endsInToolResults(this.record)) return this.answerToolResults();
    const last = this.record.turns.length - 1;
    if (last < 0) return;
    const turn = this.record.turns[last];
    turn.answers = this.record.models.map((model) => emptyAnswer(model));
    delete turn.imported;
    this.record.models.forEach((_, column) => this.seq.delete(`${last}:${column}`));
    await this.answerTurn(last);
  }

  /**
   * The result of one tool call of the last turn. Once every call that can be answered has its result, the
   * models are asked to go on (a tool turn); false when the call cannot be answered now.
   */
  async toolResult(turn: number, column: number, call: number, content: string): Promise<boolean> {
    const target = this.record.turns[turn]?.answers[column]?.toolCalls[call];
    if (this.busy || turn !== this.record.turns.length - 1 || !toolCallsOpen(this.record) || target?.id === undefined || target.result !== undefined) return false;
    target.result = content;
    this.save();
    const answerView = this.record.turns[turn].answers[column];
    this.postAnswer(turn, column, { ...answerView, toolCalls: answerView.toolCalls.map((c) => ({ ...c })) });
    if (toolResultsComplete(this.record)) await this.answerToolResults();
    else this.post({ type: 'busy', busy: false, toolsOpen: toolCallsOpen(this.record) });
    return true;
  }

  stop(): void {
    this.stopper?.abort();
  }

  /**
   * Something other than the user cuts off the turn being answered (the window goes, the panel closes): its
   * answers keep the text that has arrived, marked interrupted and saved now, and whatever arrives later is
   * not taken. Once only; nothing happens when no turn is being answered.
   */
  interrupt(cause: InterruptCause): void {
    if (!this.busy || this.cut !== undefined) return;
    this.cut = cause;
    this.flush();
    interruptAnswers(this.record.turns, cause);
    this.save();
    this.stopper?.abort();
  }

  clear(): void {
    if (this.busy) return;
    this.record.turns = [];
    this.seq.clear();
    this.save();
    this.post({ type: 'init', chat: this.view() });
  }

  setModel(column: number, model: string): void {
    if (applyModel(this.record, column, model)) this.save();
    this.post({ type: 'controls', controls: controlsOf(this.record, this.deployment) });
  }

  /** Column `column`'s control (the transport is the whole conversation's). */
  setControl(field: ControlField, value: string, column = 0): void {
    if (applyControl(this.record, field, value, column)) this.save();
    this.post({ type: 'controls', controls: controlsOf(this.record, this.deployment) });
  }

  rename(title: string): void {
    if (title.trim() === '') return;
    this.record.title = title.trim();
    delete this.record.untitled;
    this.save();
    this.post({ type: 'init', chat: this.view() });
  }

  /** The request answer `column` of turn `turn` was asked with, as it went on the wire; undefined for one never sent. */
  request(turn: number, column: number): SnippetRequest | undefined {
    const asked = this.record.turns[turn];
    if (asked === undefined || asked.imported || asked.answers[column] === undefined) return undefined;
    const settings = turnSettings(this.record, turn);
    const baseUrl = settings.baseUrl ?? this.deps.baseUrl?.();
    if (baseUrl === undefined) return undefined;
    return {
      method: 'POST',
      url: `${baseUrl}${CHAT_ROUTE}`,
      // What the client sends besides its user-agent and trace header (core/api/http.ts).
      headers: { 'Content-Type': 'application/json', Accept: settings.transport === 'stream' ? 'text/event-stream' : 'application/json', ...this.deps.headers?.() },
      body: chatBody(this.record, turn, column),
      kind: 'chat',
    };
  }

  /** The panel closed: a turn still being answered is interrupted by it. */
  dispose(): void {
    this.interrupt('panel');
    this.disposed = true;
    clearTimeout(this.flushTimer);
    clearTimeout(this.saveTimer);
    this.listeners.clear();
  }

  /** The models are asked to answer the tool results the conversation ends in: a tool turn. */
  private async answerToolResults(): Promise<void> {
    this.record.turns.push({ user: '', kind: 'tool', answers: this.record.models.map((model) => emptyAnswer(model)) });
    await this.answerTurn(this.record.turns.length - 1);
  }

  private async answerTurn(turn: number): Promise<void> {
    const stopper = new AbortController();
    this.stopper = stopper;
    this.cut = undefined;
    const record = this.record.turns[turn];
    const access = this.deps.api();
    this.snapshot(record, access.ok ? access.api.baseUrl : undefined);
    this.post({ type: 'init', chat: this.view() });
    this.post({ type: 'busy', busy: true, toolsOpen: false });
    this.save();
    /** The deployment's default model, once read, for an answer asked of it by an empty name. */
    const named = (view: Answer): Answer => (view.model === '' && this.deployment?.defaultModel ? { ...view, model: this.deployment.defaultModel } : view);
    /** An answer's new state, unless the turn was cut off (its answers then stay as they were saved). */
    const settle = (column: number, view: Answer): void => {
      if (this.cut !== undefined) return;
      record.answers[column] = named(view);
      this.postAnswer(turn, column, record.answers[column]);
      this.saveSoon();
    };
    // An empty name is the deployment's default, and the request goes without one (the server picks it):
    // the name is read beside the request, not before it, and given to the answer when known, so the panel
    // says which model answered and the request shows it.
    const naming =
      access.ok && record.answers.some((a) => a.model === '')
        ? withinMs(this.readModels(), DEFAULT_MODEL_WAIT_MS).then(() => {
            record.answers.forEach((a, column) => {
              if (a.model === '' && this.deployment?.defaultModel) settle(column, { ...a });
            });
          })
        : Promise.resolve();
    try {
      await Promise.all(
        this.record.models.map(async (_, column) => {
          const model = record.answers[column].model;
          if (!access.ok) return settle(column, { ...emptyAnswer(model), state: 'error', error: access.reason });
          if (stopper.signal.aborted) return settle(column, { ...emptyAnswer(model), state: 'stopped' });
          const options = { transport: turnSettings(this.record, turn).transport, signal: stopper.signal, deadlineMs: this.deps.deadlineMs() };
          const final = await answer(access.api, chatRequest(this.record, turn, column), model, options, {
            delta: (part) => {
              if (this.cut !== undefined) return;
              const current = record.answers[column];
              current.content += part.content ?? '';
              current.reasoning += part.reasoning ?? '';
              if (part.toolCalls) current.toolCalls = part.toolCalls;
              this.queueDelta(turn, column, part);
              this.saveSoon();
            },
            changed: (view) => settle(column, { ...view }),
          });
          if (this.cut === undefined) record.answers[column] = named(final);
        }),
      );
      await naming;
    } finally {
      if (access.ok) await access.api.close();
      this.stopper = undefined;
      // A turn cut off was saved when it was cut, and its panel is going.
      if (this.cut === undefined) {
        this.save();
        this.post({ type: 'busy', busy: false, toolsOpen: toolCallsOpen(this.record) });
      }
    }
  }

  /** The controls the turn is sent with, kept with it (each column's, once a comparison's columns were set apart). */
  private snapshot(turn: Turn, baseUrl: string | undefined): void {
    const { system, transport, params, columns } = this.record;
    turn.sent = {
      ...(system ? { system } : {}),
      transport,
      params: { ...params },
      ...(columns ? { columns: columns.map(copyColumnSettings) } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
    };
  }

  private queueDelta(turn: number, column: number, part: { content?: string; reasoning?: string; toolCalls?: ToolCall[] }): void {
    const key = `${turn}:${column}`;
    const pending = this.pending.get(key) ?? { content: '', reasoning: '' };
    pending.content += part.content ?? '';
    pending.reasoning += part.reasoning ?? '';
    if (part.toolCalls) pending.toolCalls = part.toolCalls;
    this.pending.set(key, pending);
    this.flushTimer ??= setTimeout(() => this.flush(), FRAME_MS);
  }

  /** Everything that arrived since the last frame, one message per answer, in arrival order. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [key, pending] of this.pending) {
      const [turn, column] = key.split(':').map(Number);
      this.post({
        type: 'delta',
        turn,
        answer: column,
        seq: this.nextSeq(key),
        ...(pending.content ? { content: pending.content } : {}),
        ...(pending.reasoning ? { reasoning: pending.reasoning } : {}),
        ...(pending.toolCalls ? { toolCalls: pending.toolCalls } : {}),
      });
    }
    this.pending.clear();
  }

  /** State changes go after the text that came before them. */
  private postAnswer(turn: number, column: number, view: Answer): void {
    this.flush();
    this.post({ type: 'answer', turn, answer: column, seq: this.nextSeq(`${turn}:${column}`), view });
  }

  private nextSeq(key: string): number {
    const next = (this.seq.get(key) ?? 0) + 1;
    this.seq.set(key, next);
    return next;
  }

  private save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.deps.store.save(this.record);
    this.deps.saved?.(this.record);
  }

  /** A save within SAVE_WHILE_ANSWERING_MS, unless one is due already. */
  private saveSoon(): void {
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_WHILE_ANSWERING_MS);
  }

  private post(message: ChatToWebview): void {
    for (const listener of this.listeners) listener(message);
  }
}

/** The promise's value, or undefined once `ms` have passed without one. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The function names of OpenAI tool definitions. */
function toolNames(tools: unknown[] | undefined): string[] {
  return (tools ?? []).map((tool) => (tool as { function?: { name?: unknown } } | null)?.function?.name).filter((name): name is string => typeof name === 'string');
}
