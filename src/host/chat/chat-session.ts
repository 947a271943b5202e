// A live conversation: sends each turn to every model of it at once, coalesces the text that streams in to
// at most one message per answer per frame (16 ms) in order, keeps the record saved, and tells its panel.
// No 'vscode' import: the panel subscribes with a plain listener, and tests can drive it on Node.

import type { ApiAccess } from '../../core/api/api';
import { answer, emptyAnswer, type Answer, type ToolCall } from '../../core/chat/answer';
import { chatRequest, type ConversationRecord, type ConversationStore } from '../../core/chat/conversation';
import type { ChatToWebview, ChatView } from '../../protocol/chat';

/** One frame at 60 Hz: text arriving faster than this is sent in one message. */
export const FRAME_MS = 16;

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
}

export class ChatSession {
  private readonly listeners = new Set<(message: ChatToWebview) => void>();
  private stopper: AbortController | undefined;
  private readonly seq = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly record: ConversationRecord,
    private readonly deps: ChatSessionDeps,
  ) {}

  get busy(): boolean {
    return this.stopper !== undefined;
  }

  onDidPost(listener: (message: ChatToWebview) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The whole conversation as the page shows it, with everything sent so far (pending text is flushed first). */
  view(): ChatView {
    this.flush();
    const { chatId, title, models, system, transport } = this.record;
    const turns = this.record.turns.map((turn, t) => ({
      user: turn.user,
      answers: turn.answers.map((a, c) => ({ ...a, seq: this.seq.get(`${t}:${c}`) ?? 0 })),
    }));
    return { chatId, title, models, ...(system ? { system } : {}), transport, turns, busy: this.busy };
  }

  /** A new user turn, answered by every model of the conversation. */
  async send(text: string): Promise<void> {
    if (this.busy || text.trim() === '') return;
    this.record.turns.push({ user: text, answers: this.record.models.map((model) => emptyAnswer(model)) });
    this.post({ type: 'init', chat: this.view() });
    await this.answerTurn(this.record.turns.length - 1);
  }

  /** The last turn asked again: its answers are replaced. */
  async retry(): Promise<void> {
    const last = this.record.turns.length - 1;
    if (this.busy || last < 0) return;
    this.record.turns[last].answers = this.record.models.map((model) => emptyAnswer(model));
    this.record.models.forEach((_, column) => this.seq.delete(`${last}:${column}`));
    this.post({ type: 'init', chat: this.view() });
    await this.answerTurn(last);
  }

  stop(): void {
    this.stopper?.abort();
  }

  clear(): void {
    if (this.busy) return;
    this.record.turns = [];
    this.save();
    this.post({ type: 'init', chat: this.view() });
  }

  dispose(): void {
    this.stop();
    clearTimeout(this.flushTimer);
    this.listeners.clear();
  }

  private async answerTurn(turn: number): Promise<void> {
    const access = this.deps.api();
    const stopper = new AbortController();
    this.stopper = stopper;
    this.post({ type: 'busy', busy: true });
    this.save();
    try {
      await Promise.all(
        this.record.models.map(async (model, column) => {
          const record = this.record.turns[turn];
          if (!access.ok) {
            record.answers[column] = { ...emptyAnswer(model), state: 'error', error: access.reason };
            return this.postAnswer(turn, column, record.answers[column]);
          }
          const options = { transport: this.record.transport, signal: stopper.signal, deadlineMs: this.deps.deadlineMs() };
          const final = await answer(access.api, chatRequest(this.record, turn, column), model, options, {
            delta: (part) => {
              const current = record.answers[column];
              current.content += part.content ?? '';
              current.reasoning += part.reasoning ?? '';
              if (part.toolCalls) current.toolCalls = part.toolCalls;
              this.queueDelta(turn, column, part);
            },
            changed: (view) => {
              record.answers[column] = { ...view };
              this.postAnswer(turn, column, view);
            },
          });
          record.answers[column] = final;
        }),
      );
    } finally {
      if (access.ok) await access.api.close();
      this.stopper = undefined;
      this.save();
      this.post({ type: 'busy', busy: false });
    }
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
    this.deps.store.save(this.record);
  }

  private post(message: ChatToWebview): void {
    for (const listener of this.listeners) listener(message);
  }
}
