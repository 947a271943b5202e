// Which of the composer's controls apply now, and which key sends. DOM-free.

export interface ComposerSituation {
  /** The conversation has arrived (the first `init`). */
  ready: boolean;
  busy: boolean;
  hasTurns: boolean;
  /** The draft has something besides white space. */
  hasText: boolean;
}

export interface ComposerControls {
  input: boolean;
  send: boolean;
  stop: boolean;
  retry: boolean;
  clear: boolean;
}

export function composerControls({ ready, busy, hasTurns, hasText }: ComposerSituation): ComposerControls {
  const idle = ready && !busy;
  return { input: idle, send: idle && hasText, stop: ready && busy, retry: idle && hasTurns, clear: idle && hasTurns };
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
