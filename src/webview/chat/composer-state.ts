// Which of the composer's controls apply now, and which key sends. DOM-free.

export interface ComposerSituation {
  /** The conversation has arrived (the first `init`). */
  ready: boolean;
  busy: boolean;
  hasTurns: boolean;
  /** The draft has something besides white space. */
  hasText: boolean;
  /** The conversation ends in tool results no model has answered: Send with no text, or Retry, goes on from them. */
  endsInToolResults: boolean;
}

export interface ComposerControls {
  input: boolean;
  send: boolean;
  stop: boolean;
  retry: boolean;
  clear: boolean;
}

export function composerControls({ ready, busy, hasTurns, hasText, endsInToolResults }: ComposerSituation): ComposerControls {
  const idle = ready && !busy;
  return { input: idle, send: idle && (hasText || endsInToolResults), stop: ready && busy, retry: idle && (hasTurns || endsInToolResults), clear: idle && hasTurns };
}

const KEYS = 'Enter to send, Shift+Enter for a new line';

/** What the empty message box says: how to send, and that Send alone answers the tool results a conversation ends in. */
export function composerPlaceholder(endsInToolResults: boolean): string {
  return endsInToolResults ? `Send with no message for the model to answer the tool results, or type one (${KEYS})` : `Message (${KEYS})`;
}

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  /** True while an input method is composing: its Enter confirms the composition, it does not send. */
  isComposing: boolean;
}

/** Enter sends; Shift+Enter is a new line. */
export function isSendKey(press: KeyPress): boolean {
  return press.key === 'Enter' && !press.shiftKey && !press.isComposing;
}
