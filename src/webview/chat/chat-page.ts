// The panel's page: builds the header, the conversation, the controls and the composer, applies the
// host's messages, and keeps the draft in the webview state. Deltas go into the store as they arrive, in order; the answers
// they changed are drawn once per animation frame.

import type { ChatFromWebview, ChatPanelState, ChatToWebview } from '../../protocol/chat';
import { element } from '../shared/dom';
import { ChatStore, type Applied, type AnswerRecord } from './chat-store';
import { createComposerView } from './composer-view';
import { createControlsView } from './controls-view';
import { createConversationView, type ConversationSituation } from './conversation-view';
import { FrameBatch, type FrameSource } from './frame-batch';
import { createHeaderView } from './header-view';

export interface PageHost {
  post(message: ChatFromWebview): void;
  save(state: ChatPanelState): void;
}

export interface ChatPage {
  apply(message: ChatToWebview): void;
}

/**
 * The waiting time and the 429 countdown show whole seconds, counted from when each answer's figures
 * arrived. Checking four times a second turns each figure within a quarter second of its due time; a text
 * is written only when it changes, so the figures still change once a second.
 */
const TICK_MS = 250;

const animationFrames: FrameSource = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export function createChatPage(container: HTMLElement, host: PageHost, restored: ChatPanelState | undefined, signal: AbortSignal): ChatPage {
  const store = new ChatStore();
  let draftRestored = false;

  const header = createHeaderView();
  const conversation = createConversationView(
    {
      answerAction: (action, turn, answer) => host.post({ type: 'answer', action, turn, answer }),
      copyText: (text) => host.post({ type: 'copyText', text }),
      copyCode: (format, turn, answer) => host.post({ type: 'copyCode', format, turn, answer }),
      toolResult: (turn, answer, call, content) => host.post({ type: 'toolResult', turn, answer, call, content }),
    },
    signal,
  );
  const controls = createControlsView(
    {
      setModel: (column, model) => host.post({ type: 'setModel', column, model }),
      setControl: (field, value, column) => host.post({ type: 'setControl', field, value, column }),
    },
    signal,
  );
  const composer = createComposerView(
    {
      send: (text) => host.post({ type: 'send', text }),
      stop: () => host.post({ type: 'stop' }),
      retry: () => host.post({ type: 'retry' }),
      clear: () => host.post({ type: 'clear' }),
      draftChanged: save,
    },
    signal,
  );

  const main = element('main', 'chat');
  main.dataset.view = 'scalarlm-chat';
  let received = 0;
  main.dataset.busy = 'false';
  main.append(header.element, conversation.element, controls.element, composer.element);
  container.append(main);

  const frames = new FrameBatch<AnswerRecord>(animationFrames, (records) => {
    const now = performance.now();
    for (const record of records) conversation.render(record, now);
    conversation.afterFrame();
    updateTicker();
  });
  signal.addEventListener('abort', () => frames.clear());

  let ticker: ReturnType<typeof setInterval> | undefined;
  signal.addEventListener('abort', () => clearInterval(ticker));

  function waitingAnswers(): AnswerRecord[] {
    return store.turns.flatMap((turn) => turn.answers.filter((record) => record.view.state === 'waiting'));
  }

  /** Ticks while an answer waits, and not at all otherwise. */
  function updateTicker(): void {
    const waiting = waitingAnswers().length > 0;
    if (waiting && ticker === undefined) ticker = setInterval(() => conversation.tick(waitingAnswers(), performance.now()), TICK_MS);
    if (!waiting && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function save(): void {
    const chatId = store.chat?.chatId;
    if (chatId === undefined) return;
    const draft = composer.draft;
    host.save(draft === '' ? { chatId } : { chatId, draft });
  }

  function updateComposer(): void {
    const chat = store.chat;
    main.dataset.busy = String(chat?.busy ?? false);
    composer.update({ ready: chat !== undefined, busy: chat?.busy ?? false, hasTurns: store.turns.length > 0, endsInToolResults: chat?.endsInToolResults ?? false });
  }

  function situation(): ConversationSituation {
    const chat = store.chat;
    const toolsOpen = chat?.toolsOpen === true && !chat.busy;
    return chat?.controls.defaultModel === undefined ? { toolsOpen } : { toolsOpen, defaultModel: chat.controls.defaultModel };
  }

  function init(message: Extract<ChatToWebview, { type: 'init' }>): void {
    frames.clear();
    store.replace(message.chat, performance.now());
    main.dataset.chatId = message.chat.chatId;
    header.show(message.chat);
    controls.show(message.chat.controls);
    conversation.show(store.turns, performance.now(), situation());
    // The saved draft comes back once, into the conversation it was typed for; else a draft the host gives.
    if (!draftRestored && restored?.chatId === message.chat.chatId && restored.draft !== undefined) composer.setDraft(restored.draft);
    else if (message.chat.draft !== undefined && composer.draft === '') composer.setDraft(message.chat.draft);
    draftRestored = true;
    updateComposer();
    updateTicker();
    save();
  }

  function respond(applied: Applied): void {
    if (applied.kind === 'changed') frames.mark(applied.record);
    else if (applied.kind === 'resync') host.post({ type: 'ready' });
  }

  return {
    apply(message) {
      // How many messages the page has taken in: a diagnostic (and what the chat benchmark counts).
      main.dataset.messages = String(++received);
      switch (message.type) {
        case 'init':
          init(message);
          break;
        case 'delta':
          respond(store.applyDelta(message));
          break;
        case 'answer':
          respond(store.applyAnswer(message, performance.now()));
          break;
        case 'busy':
          store.setBusy(message.busy, message.toolsOpen);
          conversation.update(store.turns, performance.now(), situation());
          updateComposer();
          break;
        case 'controls':
          store.setControls(message.controls);
          if (store.chat !== undefined) header.show(store.chat);
          controls.show(message.controls);
          conversation.update(store.turns, performance.now(), situation());
          break;
      }
    },
  };
}
