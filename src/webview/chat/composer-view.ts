// The bottom of the panel: the message box (Enter sends, Shift+Enter starts a new line) and Send, Stop,
// Retry and Clear, each enabled only when it applies.

import { button, element } from '../shared/dom';
import { composerControls, composerPlaceholder, isSendKey, type ComposerControls, type ComposerSituation } from './composer-state';

export interface ComposerCallbacks {
  send(text: string): void;
  stop(): void;
  retry(): void;
  clear(): void;
  draftChanged(draft: string): void;
}

export interface ComposerView {
  readonly element: HTMLElement;
  readonly draft: string;
  setDraft(text: string): void;
  update(situation: Omit<ComposerSituation, 'hasText'>): void;
}

type ComposerAction = keyof Omit<ComposerControls, 'input'>;

const BUTTONS: readonly { action: ComposerAction; label: string; className: string }[] = [
  { action: 'send', label: 'Send', className: 'primary' },
  { action: 'stop', label: 'Stop', className: 'secondary' },
  { action: 'retry', label: 'Retry', className: 'secondary' },
  { action: 'clear', label: 'Clear', className: 'secondary' },
];

export function createComposerView(callbacks: ComposerCallbacks, signal: AbortSignal): ComposerView {
  const root = element('div', 'composer');
  root.id = 'composer';
  const textarea = element('textarea', 'message');
  textarea.rows = 3;
  textarea.placeholder = composerPlaceholder(false);
  textarea.setAttribute('aria-label', 'Message');
  textarea.disabled = true;
  const actions = element('div', 'composer-actions');
  actions.setAttribute('role', 'group');
  actions.setAttribute('aria-label', 'Conversation actions');
  const buttons = new Map<ComposerAction, HTMLButtonElement>();
  for (const { action, label, className } of BUTTONS) {
    const actionButton = button(label, className);
    actionButton.dataset.action = action;
    actionButton.disabled = true;
    buttons.set(action, actionButton);
    actions.append(actionButton);
  }
  root.append(textarea, actions);

  let situation: Omit<ComposerSituation, 'hasText'> = { ready: false, busy: false, hasTurns: false, endsInToolResults: false };
  let controls = composerControls({ ...situation, hasText: false });
  /** The message box had focus when a turn disabled it: it gets it back when the turn ends. */
  let refocus = false;

  function refresh(): void {
    controls = composerControls({ ...situation, hasText: textarea.value.trim() !== '' });
    if (!controls.input && document.activeElement === textarea) refocus = true;
    textarea.disabled = !controls.input;
    textarea.placeholder = composerPlaceholder(situation.endsInToolResults);
    for (const [action, actionButton] of buttons) actionButton.disabled = !controls[action];
    if (controls.input && refocus) {
      refocus = false;
      if (focusIsLost()) textarea.focus();
    }
  }

  /** Nowhere, or on a button that has just been disabled (Stop, once the turn ends). */
  function focusIsLost(): boolean {
    const active = document.activeElement;
    return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
  }

  function send(): void {
    if (!controls.send) return;
    const text = textarea.value;
    textarea.value = '';
    refresh();
    callbacks.draftChanged('');
    callbacks.send(text);
  }

  const run: Record<ComposerAction, () => void> = { send, stop: callbacks.stop, retry: callbacks.retry, clear: callbacks.clear };

  textarea.addEventListener(
    'input',
    () => {
      refresh();
      callbacks.draftChanged(textarea.value);
    },
    { signal },
  );
  textarea.addEventListener(
    'keydown',
    (event) => {
      if (!isSendKey(event)) return;
      event.preventDefault();
      send();
    },
    { signal },
  );
  actions.addEventListener(
    'click',
    (event) => {
      const clicked = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
      const action = BUTTONS.find((known) => known.action === clicked?.dataset.action)?.action;
      if (clicked !== null && !clicked.disabled && action !== undefined) run[action]();
    },
    { signal },
  );

  return {
    element: root,
    get draft() {
      return textarea.value;
    },
    setDraft(text) {
      textarea.value = text;
      refresh();
    },
    update(next) {
      situation = next;
      refresh();
    },
  };
}
