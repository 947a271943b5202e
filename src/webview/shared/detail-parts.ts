// The parts a run panel's detail pane is built of: the pane itself (a placeholder until something is
// selected, then a heading with a state badge; a Close button, and Escape, close it so the list takes the height
// back), the prompt collapsed, and the error box. Text goes in as textContent.

import { button, element, setText } from './dom';
import { formatCount } from './format';

export interface DetailPane {
  readonly element: HTMLElement;
  /** Where the panel puts its sections, after the head. */
  readonly body: HTMLElement;
  /** The heading and badge's line, where the panel adds its own bits. */
  readonly head: HTMLElement;
  showTitle(title: string, status: string): void;
  /** The body when something is selected, the placeholder when nothing is. */
  setShown(shown: boolean): void;
  /** What the placeholder says. */
  setPlaceholder(text: string): void;
  focus(): void;
}

/**
 * `label`: the pane's accessible name ("Selected item"); `emptyText`: what it says with nothing selected; `close`:
 * the Close button or Escape in the pane (not in a field, where Escape is the field's).
 */
export function createDetailPane(label: string, emptyText: string, close: () => void, signal: AbortSignal): DetailPane {
  const root = element('section', 'detail');
  root.id = 'detail';
  // Focusable by script only (Enter in the list), so keyboard users land at the top of the detail.
  root.tabIndex = -1;
  root.setAttribute('aria-label', label);
  const closeButton = button('×', 'detail-close');
  closeButton.title = 'Close (Escape)';
  closeButton.setAttribute('aria-label', `Close the ${label.toLowerCase()}`);
  closeButton.addEventListener('click', close, { signal });
  root.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented || (event.target as Element).closest('input, textarea, select') !== null) return;
      event.preventDefault();
      close();
    },
    { signal },
  );
  const placeholder = element('p', 'detail-empty', emptyText);
  const body = element('div', 'detail-body');
  body.hidden = true;
  root.append(closeButton, placeholder, body);
  const heading = element('h2', 'detail-title');
  const badge = element('span', 'badge');
  const head = element('div', 'detail-head');
  head.append(heading, badge);
  body.append(head);

  return {
    element: root,
    body,
    head,
    showTitle(title, status) {
      root.dataset.status = status;
      setText(heading, title);
      setText(badge, status);
      badge.dataset.status = status;
    },
    setShown(shown) {
      placeholder.hidden = shown;
      body.hidden = !shown;
    },
    setPlaceholder(text) {
      setText(placeholder, text);
    },
    focus() {
      root.focus();
    },
  };
}

export interface TextSection {
  readonly element: HTMLElement;
}

/** The prompt as sent, collapsed under its length; `undefined` while it is being fetched. */
export function createPromptSection(): TextSection & { show(prompt: string | undefined): void } {
  const root = element('details', 'prompt-section');
  const summary = element('summary');
  const prompt = element('pre', 'prompt');
  root.append(summary, prompt);
  return {
    element: root,
    show(text) {
      setText(summary, text === undefined ? 'Prompt (loading…)' : `Prompt (${formatCount(text.length)} characters)`);
      setText(prompt, text ?? '');
    },
  };
}

/** The full error text, hidden when there is none; an empty text from the server is said so. */
export function createErrorSection(): TextSection & { show(error: string | null): void } {
  const root = element('section', 'error-section');
  const error = element('pre', 'error');
  root.append(element('h3', undefined, 'Error'), error);
  return {
    element: root,
    show(text) {
      root.hidden = text === null;
      setText(error, text === '' ? '(The server gave no error text.)' : (text ?? ''));
    },
  };
}
