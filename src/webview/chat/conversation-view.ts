// The conversation: its turns, kept scrolled to the bottom while the user has not scrolled up, the clicks
// of its buttons, and what screen readers hear. The region is polite, but the turns inside it are not
// announced (a token at a time would drown everything); a hidden line says when an answer's state changes.

import type { AnswerAction, CodeFormat } from '../../protocol/chat';
import { element } from '../shared/dom';
import type { AnswerCard, AnswerSituation } from './answer-card';
import { ANSWER_ACTIONS, CODE_ACTIONS, stateAnnouncement } from './answer-text';
import type { AnswerRecord, TurnRecord } from './chat-store';
import { codeOfCopyButton } from './code-blocks';
import { isAtBottom } from './scroll-position';
import { sameTurn } from './turn-equality';
import { createTurnSection, type TurnSection } from './turn-section';

export interface ConversationCallbacks {
  answerAction(action: AnswerAction, turn: number, answer: number): void;
  copyText(text: string): void;
  copyCode(format: CodeFormat, turn: number, answer: number): void;
  toolResult(turn: number, answer: number, call: number, content: string): void;
}

export interface ConversationView {
  readonly element: HTMLElement;
  /** Shows these turns (after an `init`), drawn at once; earlier turns that have not changed keep their drawing. */
  show(turns: readonly TurnRecord[], now: number, situation: ConversationSituation): void;
  /** Redraws one answer, and notes a change of its state for screen readers. */
  render(record: AnswerRecord, now: number): void;
  /** Whether tool calls can be answered now, and the default model's name, changed: redraws what they touch. */
  update(turns: readonly TurnRecord[], now: number, situation: ConversationSituation): void;
  /** Redraws the waiting and 429 lines of these answers. */
  tick(records: readonly AnswerRecord[], now: number): void;
  /** After a frame's answers are drawn: says what changed state. */
  afterFrame(): void;
}

export type ConversationSituation = AnswerSituation;

const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** How long a copy button says "Copied". */
const COPIED_FEEDBACK_MS = 1200;

export function createConversationView(callbacks: ConversationCallbacks, signal: AbortSignal): ConversationView {
  const root = element('div', 'conversation');
  root.id = 'conversation';
  // Focusable so the keyboard can scroll it; it is the panel's main region.
  root.tabIndex = 0;
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', 'Conversation');
  root.setAttribute('aria-live', 'polite');
  const turnsHost = element('div', 'turns');
  turnsHost.setAttribute('aria-live', 'off');
  const empty = element('p', 'empty', 'No messages yet. Type one below; Enter sends it.');
  const announcer = element('div', 'visually-hidden announcer');
  root.append(turnsHost, announcer);

  let shown: { turn: TurnRecord; section: TurnSection }[] = [];
  let situation: ConversationSituation = { toolsOpen: false };
  let cards: (readonly AnswerCard[])[] = [];
  /** What was last said (or would have been) for each answer, so only changes are announced. */
  let announced = new WeakMap<AnswerRecord, string | undefined>();
  let pendingAnnouncements: string[] = [];
  let following = true;

  /** Only the last turn's tool calls can be answered. */
  function cardSituation(record: AnswerRecord): AnswerSituation {
    const toolsOpen = situation.toolsOpen && record.turn === shown.length - 1;
    return situation.defaultModel === undefined ? { toolsOpen } : { toolsOpen, defaultModel: situation.defaultModel };
  }

  function keepAtBottom(): void {
    if (following) root.scrollTop = root.scrollHeight;
  }

  root.addEventListener(
    'scroll',
    () => {
      following = isAtBottom(root);
    },
    { passive: true, signal },
  );
  // Scrolling up is the user's wish to read on their own: it counts from the wheel or the key, not from the
  // scroll event a frame later, by when new text could have pulled the view down again.
  root.addEventListener(
    'wheel',
    (event) => {
      if (event.deltaY < 0) following = false;
    },
    { passive: true, signal },
  );
  root.addEventListener(
    'keydown',
    (event) => {
      if (SCROLL_UP_KEYS.has(event.key)) following = false;
    },
    { signal },
  );
  // Text grows, the panel or the composer resizes, a long answer's hidden chunks take their real height:
  // each is seen here once laid out, before it is painted, so the newest text stays in sight at no extra layout.
  const resizeObserver = new ResizeObserver(keepAtBottom);
  resizeObserver.observe(root);
  resizeObserver.observe(turnsHost);
  signal.addEventListener('abort', () => resizeObserver.disconnect());

  const feedbackTimers = new Set<ReturnType<typeof setTimeout>>();
  signal.addEventListener('abort', () => feedbackTimers.forEach(clearTimeout));
  function confirmCopied(copy: HTMLButtonElement): void {
    const label = copy.textContent;
    copy.textContent = 'Copied';
    const timer = setTimeout(() => {
      feedbackTimers.delete(timer);
      copy.textContent = label;
    }, COPIED_FEEDBACK_MS);
    feedbackTimers.add(timer);
  }

  root.addEventListener(
    'click',
    (event) => {
      const clicked = (event.target as Element).closest<HTMLButtonElement>('button');
      if (clicked === null || clicked.disabled) return;
      if (clicked.classList.contains('copy-code')) {
        const code = codeOfCopyButton(clicked);
        if (code === undefined) return;
        callbacks.copyText(code);
        confirmCopied(clicked);
        return;
      }
      const card = clicked.closest<HTMLElement>('.answer');
      if (card === null) return;
      const turn = Number(card.dataset.turn);
      const answer = Number(card.dataset.answer);
      if (clicked.classList.contains('send-tool-result')) {
        const call = clicked.closest<HTMLElement>('.tool-call');
        const box = call?.querySelector('textarea.tool-result-input');
        if (call?.dataset.call === undefined || !(box instanceof HTMLTextAreaElement)) return;
        clicked.disabled = true;
        callbacks.toolResult(turn, answer, Number(call.dataset.call), box.value);
        return;
      }
      const format = CODE_ACTIONS.find((known) => known.format === clicked.dataset.code)?.format;
      if (format !== undefined) {
        callbacks.copyCode(format, turn, answer);
        confirmCopied(clicked);
        return;
      }
      const action = ANSWER_ACTIONS.find((known) => known.action === clicked.dataset.answerAction)?.action;
      if (action === undefined) return;
      callbacks.answerAction(action, turn, answer);
      if (action === 'copy') confirmCopied(clicked);
    },
    { signal },
  );

  return {
    element: root,
    show(turns, now, next) {
      // Only the leading run of unchanged turns is kept: a turn that changed is drawn again with all after it.
      let kept = 0;
      while (kept < Math.min(shown.length, turns.length) && sameTurn(shown[kept].turn, turns[kept])) kept++;
      // A turn sent or retried is what the user wants to watch: back to the bottom.
      if (kept < turns.length) following = true;
      for (const { section } of shown.slice(kept)) section.element.remove();
      const added = turns.slice(kept).map((turn, offset) => ({ turn, section: createTurnSection(turn, kept + offset) }));
      shown = [...shown.slice(0, kept).map(({ section }, index) => ({ turn: turns[index], section })), ...added];
      situation = next;
      cards = shown.map(({ section }) => section.answers);
      announced = new WeakMap();
      pendingAnnouncements = [];
      for (const turn of turns) {
        for (const record of turn.answers) {
          cards[record.turn][record.index].render(record, now, cardSituation(record));
          // The conversation as it arrives is not news; what changes from here on is.
          announced.set(record, stateAnnouncement(record.view));
        }
      }
      empty.remove();
      if (shown.length === 0) turnsHost.append(empty);
      turnsHost.append(...added.map(({ section }) => section.element));
    },
    render(record, now) {
      cards[record.turn]?.[record.index]?.render(record, now, cardSituation(record));
      const phrase = stateAnnouncement(record.view);
      if (phrase === announced.get(record)) return;
      announced.set(record, phrase);
      if (phrase !== undefined) pendingAnnouncements.push(phrase);
    },
    update(turns, now, next) {
      situation = next;
      for (const turn of turns) for (const record of turn.answers) cards[record.turn]?.[record.index]?.render(record, now, cardSituation(record));
    },
    tick(records, now) {
      for (const record of records) cards[record.turn]?.[record.index]?.tick(record, now);
    },
    afterFrame() {
      if (pendingAnnouncements.length > 0) {
        announcer.textContent = pendingAnnouncements.join('. ');
        pendingAnnouncements = [];
      }
    },
  };
}
