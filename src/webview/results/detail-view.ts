// The selected item in full: the prompt (collapsed), the response as raw text or sanitized markdown (or, for
// an embedding, its dimension, norm and first values), the full error text, what the deployment knows of it
// (tokens, timing), the request id (the host tells it when the item is shown), and the item's actions. Model text goes in as textContent, except the
// rendered markdown, which goes through safe-markdown.ts (in output-view.ts).

import type { ItemAction, ItemView, ResponseFormat, ServerFactsView } from '../../protocol/results';
import { createDetailPane, createErrorSection, createPromptSection } from '../shared/detail-parts';
import { button, element, setText } from '../shared/dom';
import { createOutputView } from '../shared/output-view';
import { embeddingSummary, embeddingValues, itemTitle, originDescription, originLabel, waitingNote } from './item-text';
import { ASKING_SERVER, serverFactsLines } from './server-facts-text';

export interface DetailCallbacks {
  action(action: ItemAction, index: number): void;
  formatChosen(format: ResponseFormat): void;
  /** The Close button, or Escape in the pane. */
  close(): void;
}

export interface DetailView {
  readonly element: HTMLElement;
  /**
   * Shows `item`; redraws only when it is a different object than the one shown. Without one the pane shows
   * `placeholder` (by default, that an item can be selected).
   */
  show(item: ItemView | undefined, placeholder?: string): void;
  /** The request id of the item at `index`, as the host tells it (null: its group is not sent yet); ignored for another item. */
  showRequestId(index: number, id: string | null): void;
  /** What the server said about the item at `index` (undefined: still asking); ignored for another item. */
  showFacts(index: number, facts: ServerFactsView | undefined): void;
  setFormat(format: ResponseFormat): void;
  focus(): void;
}

const NOTHING_SELECTED = 'Select an item to see it in full.';

const ITEM_ACTIONS: readonly ItemAction[] = ['reveal', 'copyResponse', 'copyRequestId', 'openResponse'];

export function createDetailView(callbacks: DetailCallbacks, signal: AbortSignal): DetailView {
  const pane = createDetailPane('Selected item', NOTHING_SELECTED, () => callbacks.close(), signal);
  const root = pane.element;
  const reveal = actionButton('reveal', '', 'origin link');
  const group = element('span', 'detail-group');
  pane.head.append(reveal, group);

  const prompt = createPromptSection();
  const response = createOutputView('Response', (chosen) => callbacks.formatChosen(chosen), signal);
  const copyResponse = actionButton('copyResponse', 'Copy response', 'secondary');
  const openResponse = actionButton('openResponse', 'Open in editor', 'secondary');
  response.head.append(copyResponse, openResponse);
  const embedding = createEmbeddingSection();
  const error = createErrorSection();

  const server = element('section', 'server-section');
  const serverFacts = element('ul', 'server-facts');
  server.append(element('h3', undefined, 'On the server'), serverFacts);

  const requestId = element('code', 'request-id');
  const copyRequestId = actionButton('copyRequestId', 'Copy', 'secondary');
  const requestLine = element('p', 'request-line');
  requestLine.append(element('span', 'label', 'Request id'), requestId, copyRequestId);

  pane.body.append(prompt.element, response.element, embedding.element, error.element, server, requestLine);

  let shown: ItemView | undefined;

  function render(item: ItemView): void {
    root.dataset.index = String(item.index);
    pane.showTitle(itemTitle(item), item.status);
    reveal.hidden = item.origin === undefined;
    if (item.origin !== undefined) {
      setText(reveal, originLabel(item.origin));
      reveal.title = originDescription(item.origin);
      reveal.setAttribute('aria-label', reveal.title);
    }
    setText(group, `group ${item.group}`);
    prompt.show(item.prompt);

    const note = item.response === null ? (waitingNote(item) ?? '') : item.response === '' ? 'The response is empty.' : '';
    response.element.hidden = item.embedding !== undefined;
    embedding.show(item.embedding);
    if (item.embedding === undefined) response.show(item.response, note);
    copyResponse.disabled = item.response === null;
    openResponse.disabled = item.response === null;
    error.show(item.error);
  }

  /** undefined: the host has not told it yet. */
  function renderRequestId(id: string | null | undefined): void {
    setText(requestId, id === undefined ? '' : (id ?? 'none yet'));
    requestId.title = id ?? '';
    copyRequestId.disabled = id === undefined || id === null;
  }

  function renderFacts(facts: ServerFactsView | undefined): void {
    server.dataset.state = facts === undefined ? 'asking' : facts.state;
    serverFacts.replaceChildren(...(facts === undefined ? [ASKING_SERVER] : serverFactsLines(facts)).map((line) => element('li', undefined, line)));
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
    show(item, placeholder = NOTHING_SELECTED) {
      pane.setPlaceholder(placeholder);
      if (item === shown) return;
      if (item?.index !== shown?.index) {
        renderFacts(undefined);
        renderRequestId(undefined);
      }
      shown = item;
      pane.setShown(item !== undefined);
      if (item === undefined) delete root.dataset.index;
      else render(item);
    },
    showRequestId(index, id) {
      if (shown?.index === index) renderRequestId(id);
    },
    showFacts(index, facts) {
      if (shown?.index === index) renderFacts(facts);
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

/** An embedding in place of the response text: what it is, its first values, and a copy of all of them as JSON. */
function createEmbeddingSection(): { readonly element: HTMLElement; show(embedding: ItemView['embedding']): void } {
  const root = element('section', 'embedding-section');
  const head = element('div', 'section-head');
  head.append(element('h3', undefined, 'Response'), actionButton('copyResponse', 'Copy as JSON', 'secondary'));
  const summary = element('p', 'embedding-summary');
  const values = element('code', 'embedding-values');
  root.append(head, summary, values);
  root.hidden = true;
  return {
    element: root,
    show(embedding) {
      root.hidden = embedding === undefined;
      if (embedding === undefined) return;
      setText(summary, embeddingSummary(embedding));
      setText(values, embeddingValues(embedding));
    },
  };
}
