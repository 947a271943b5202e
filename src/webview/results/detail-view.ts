// The selected item in full: the prompt (collapsed), the response as raw text or sanitized markdown, the
// full error text, the request id, and the item's actions. Model text goes in as textContent, except the
// rendered markdown, which goes through safe-markdown.ts (in output-view.ts).

import type { ItemAction, ItemView, ResponseFormat } from '../../protocol/results';
import { button, element, setText } from '../shared/dom';
import { formatCount } from '../shared/format';
import { createOutputView } from '../shared/output-view';
import { originDescription, originLabel, waitingNote } from './item-text';

export interface DetailCallbacks {
  action(action: ItemAction, index: number): void;
  formatChosen(format: ResponseFormat): void;
}

export interface DetailView {
  readonly element: HTMLElement;
  /** Shows `item`; redraws only when it is a different object than the one shown. */
  show(item: ItemView | undefined): void;
  setFormat(format: ResponseFormat): void;
  focus(): void;
}

const ITEM_ACTIONS: readonly ItemAction[] = ['reveal', 'copyResponse', 'copyRequestId', 'openResponse'];

export function createDetailView(callbacks: DetailCallbacks, signal: AbortSignal): DetailView {
  const root = element('section', 'detail');
  root.id = 'detail';
  // Focusable by script only (Enter in the list), so keyboard users land at the top of the detail.
  root.tabIndex = -1;
  root.setAttribute('aria-label', 'Selected item');
  const placeholder = element('p', 'detail-empty', 'Select an item to see it in full.');
  const body = element('div', 'detail-body');
  body.hidden = true;
  root.append(placeholder, body);

  const heading = element('h2', 'detail-title');
  const badge = element('span', 'badge');
  const reveal = actionButton('reveal', '', 'origin link');
  const group = element('span', 'detail-group');
  const head = element('div', 'detail-head');
  head.append(heading, badge, reveal, group);

  const promptSection = element('details', 'prompt-section');
  const promptSummary = element('summary');
  const prompt = element('pre', 'prompt');
  promptSection.append(promptSummary, prompt);

  const response = createOutputView('Response', (chosen) => callbacks.formatChosen(chosen), signal);
  const copyResponse = actionButton('copyResponse', 'Copy response', 'secondary');
  const openResponse = actionButton('openResponse', 'Open in editor', 'secondary');
  response.head.append(copyResponse, openResponse);

  const error = element('pre', 'error');
  const errorSection = element('section', 'error-section');
  errorSection.append(element('h3', undefined, 'Error'), error);

  const requestId = element('code', 'request-id');
  const copyRequestId = actionButton('copyRequestId', 'Copy', 'secondary');
  const requestLine = element('p', 'request-line');
  requestLine.append(element('span', 'label', 'Request id '), requestId, copyRequestId);

  body.append(head, promptSection, response.element, errorSection, requestLine);

  let shown: ItemView | undefined;

  function render(item: ItemView): void {
    root.dataset.index = String(item.index);
    root.dataset.status = item.status;
    setText(heading, `Item #${item.index}`);
    setText(badge, item.status);
    badge.dataset.status = item.status;
    reveal.hidden = item.origin === undefined;
    if (item.origin !== undefined) {
      setText(reveal, originLabel(item.origin));
      reveal.title = originDescription(item.origin);
      reveal.setAttribute('aria-label', reveal.title);
    }
    setText(group, `group ${item.group}`);

    setText(promptSummary, `Prompt (${formatCount(item.prompt.length)} characters)`);
    setText(prompt, item.prompt);

    const note = item.response === null ? (waitingNote(item) ?? '') : item.response === '' ? 'The response is empty.' : '';
    response.show(item.response, note);
    copyResponse.disabled = item.response === null;
    openResponse.disabled = item.response === null;

    errorSection.hidden = item.error === null;
    setText(error, item.error === '' ? '(The server gave no error text.)' : (item.error ?? ''));

    setText(requestId, item.requestId ?? 'none yet');
    copyRequestId.disabled = item.requestId === null;
  }

  root.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest<HTMLButtonElement>('button');
      if (target === null || target.disabled || shown === undefined) return;
      const action = ITEM_ACTIONS.find((known) => known === target.dataset.itemAction);
      if (action !== undefined) callbacks.action(action, shown.index);
    },
    { signal },
  );

  return {
    element: root,
    show(item) {
      if (item === shown) return;
      shown = item;
      placeholder.hidden = item !== undefined;
      body.hidden = item === undefined;
      if (item === undefined) delete root.dataset.index;
      else render(item);
    },
    setFormat(next) {
      response.setFormat(next);
    },
    focus() {
      root.focus();
    },
  };
}

function actionButton(action: ItemAction, label: string, className: string): HTMLButtonElement {
  const created = button(label, className);
  created.dataset.itemAction = action;
  return created;
}
