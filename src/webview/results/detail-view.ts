// The selected item in full: the prompt (collapsed), the response as raw text or sanitized markdown, the
// full error text, the request id, and the item's actions. Model text goes in as textContent, except the
// rendered markdown, which goes through safe-markdown.ts (in output-view.ts).

import type { ItemAction, ItemView, ResponseFormat } from '../../protocol/results';
import { createDetailPane, createErrorSection, createPromptSection } from '../shared/detail-parts';
import { button, element, setText } from '../shared/dom';
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
  const pane = createDetailPane('Selected item', 'Select an item to see it in full.');
  const root = pane.element;
  const reveal = actionButton('reveal', '', 'origin link');
  const group = element('span', 'detail-group');
  pane.head.append(reveal, group);

  const prompt = createPromptSection();
  const response = createOutputView('Response', (chosen) => callbacks.formatChosen(chosen), signal);
  const copyResponse = actionButton('copyResponse', 'Copy response', 'secondary');
  const openResponse = actionButton('openResponse', 'Open in editor', 'secondary');
  response.head.append(copyResponse, openResponse);
  const error = createErrorSection();

  const requestId = element('code', 'request-id');
  const copyRequestId = actionButton('copyRequestId', 'Copy', 'secondary');
  const requestLine = element('p', 'request-line');
  requestLine.append(element('span', 'label', 'Request id '), requestId, copyRequestId);

  pane.body.append(prompt.element, response.element, error.element, requestLine);

  let shown: ItemView | undefined;

  function render(item: ItemView): void {
    root.dataset.index = String(item.index);
    pane.showTitle(`Item #${item.index}`, item.status);
    reveal.hidden = item.origin === undefined;
    if (item.origin !== undefined) {
      setText(reveal, originLabel(item.origin));
      reveal.title = originDescription(item.origin);
      reveal.setAttribute('aria-label', reveal.title);
    }
    setText(group, `group ${item.group}`);
    prompt.show(item.prompt);

    const note = item.response === null ? (waitingNote(item) ?? '') : item.response === '' ? 'The response is empty.' : '';
    response.show(item.response, note);
    copyResponse.disabled = item.response === null;
    openResponse.disabled = item.response === null;
    error.show(item.error);

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
      pane.setShown(item !== undefined);
      if (item === undefined) delete root.dataset.index;
      else render(item);
    },
    setFormat(next) {
      response.setFormat(next);
    },
    focus: pane.focus,
  };
}

function actionButton(action: ItemAction, label: string, className: string): HTMLButtonElement {
  const created = button(label, className);
  created.dataset.itemAction = action;
  return created;
}
