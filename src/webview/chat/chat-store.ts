// What the page knows of the conversation: the host's last `init`, each answer's text grown by the deltas
// that followed it, and each answer's state from the last `answer` message. Messages of one answer carry a
// `seq` that grows by one; a gap, or a message about an answer the page does not have, means the page has
// missed something, so it stops applying messages and asks for the whole conversation again. DOM-free.

import type { AnswerView, ChatControls, ChatToWebview, ChatView, TurnView } from '../../protocol/chat';

type DeltaMessage = Extract<ChatToWebview, { type: 'delta' }>;
type AnswerMessage = Extract<ChatToWebview, { type: 'answer' }>;

export interface AnswerRecord {
  readonly turn: number;
  readonly index: number;
  /** The page's copy of the answer: the host's view, its text grown by the deltas since. */
  view: AnswerView;
  /** When the view's figures arrived (page clock, ms): the waiting time and the 429 countdown count on from here. */
  receivedAt: number;
  /**
   * The seq of the last message applied, or of the last one the `init` view included. Without it (a view
   * with no seq) the first message that follows is taken as it comes.
   */
  lastSeq: number | undefined;
}

export interface TurnRecord extends Readonly<Omit<TurnView, 'answers'>> {
  readonly answers: readonly AnswerRecord[];
}

export type ChatHeader = Omit<ChatView, 'turns' | 'draft'>;

export type Applied =
  | { readonly kind: 'changed'; readonly record: AnswerRecord }
  /** The page missed something: it should say `ready` to be sent the whole conversation. Reported once. */
  | { readonly kind: 'resync' }
  | { readonly kind: 'ignored' };

const IGNORED: Applied = { kind: 'ignored' };

export class ChatStore {
  private header: ChatHeader | undefined;
  private turnRecords: TurnRecord[] = [];
  private resyncing = false;

  /** Undefined until the first `init`. */
  get chat(): ChatHeader | undefined {
    return this.header;
  }

  get turns(): readonly TurnRecord[] {
    return this.turnRecords;
  }

  replace(chat: ChatView, now: number): void {
    const { turns, draft: _draft, ...header } = chat;
    this.header = header;
    this.turnRecords = turns.map(({ answers, ...turn }, turnIndex) => ({
      ...turn,
      answers: answers.map((view, index) => ({ turn: turnIndex, index, view, receivedAt: now, lastSeq: view.seq })),
    }));
    this.resyncing = false;
  }

  setBusy(busy: boolean, toolsOpen: boolean): void {
    if (this.header === undefined) return;
    this.header.busy = busy;
    this.header.toolsOpen = toolsOpen;
  }

  setControls(controls: ChatControls): void {
    if (this.header !== undefined) this.header.controls = controls;
  }

  applyDelta(message: DeltaMessage): Applied {
    const record = this.accept(message);
    if ('kind' in record) return record;
    const view = record.view;
    if (message.content !== undefined) view.content += message.content;
    if (message.reasoning !== undefined) view.reasoning += message.reasoning;
    // The host sends the tool calls whole each time: their arguments arrive in fragments it merges by index.
    if (message.toolCalls !== undefined) view.toolCalls = message.toolCalls;
    return { kind: 'changed', record };
  }

  /**
   * Takes the host's view of the answer, except that text the page already has is kept when the view's is
   * shorter (the host's view may lag the deltas it has sent). A waiting answer has no text yet, so its view
   * is taken as it is: that is how a retried answer starts again from nothing.
   */
  applyAnswer(message: AnswerMessage, now: number): Applied {
    const record = this.accept(message);
    if ('kind' in record) return record;
    const current = record.view;
    const next = message.view;
    const restart = next.state === 'waiting';
    record.view = {
      ...next,
      content: restart || next.content.length > current.content.length ? next.content : current.content,
      reasoning: restart || next.reasoning.length > current.reasoning.length ? next.reasoning : current.reasoning,
      toolCalls: restart || next.toolCalls.length >= current.toolCalls.length ? next.toolCalls : current.toolCalls,
    };
    record.receivedAt = now;
    return { kind: 'changed', record };
  }

  /** The answer a message is for, when the message is next in its order; otherwise what to do instead. */
  private accept(message: DeltaMessage | AnswerMessage): AnswerRecord | Applied {
    if (this.header === undefined || this.resyncing) return IGNORED;
    const record = this.turnRecords[message.turn]?.answers[message.answer];
    if (record === undefined || (record.lastSeq !== undefined && message.seq !== record.lastSeq + 1)) {
      this.resyncing = true;
      return { kind: 'resync' };
    }
    record.lastSeq = message.seq;
    return record;
  }
}
