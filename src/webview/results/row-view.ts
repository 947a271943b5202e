// One row of the list: number, state badge, origin, and one-line previews of the prompt and of the
// response or error. Rows are recycled as the list scrolls, so fill() rewrites every part of a row.

import type { ItemView } from '../../protocol/results';
import { button, element, setText } from '../shared/dom';
import { oneLinePreview } from '../shared/format';
import { embeddingSummary, itemLabel, originDescription, originLabel, waitingNote } from './item-text';

export interface Row {
  readonly element: HTMLElement;
  /** The item drawn, by identity: the store replaces an item's object when it changes. */
  item: ItemView | undefined;
  fill(item: ItemView): void;
}

export function createRow(): Row {
  const root = element('div', 'row');
  root.setAttribute('role', 'option');
  const head = element('div', 'row-head');
  const index = element('span', 'index');
  const badge = element('span', 'badge');
  // Not in the tab order: options of a listbox hold no tab stops. Keyboard users reveal from the detail pane.
  const origin = button('', 'origin link');
  origin.tabIndex = -1;
  const prompt = element('span', 'prompt-preview');
  head.append(index, badge, origin, prompt);
  const body = element('div', 'row-body');
  const response = element('span', 'response-preview');
  const error = element('span', 'error-preview');
  const note = element('span', 'note-preview');
  body.append(response, error, note);
  root.append(head, body);

  const row: Row = {
    element: root,
    item: undefined,
    fill(item) {
      row.item = item;
      root.id = `item-${item.index}`;
      root.dataset.index = String(item.index);
      root.dataset.status = item.status;
      setText(index, itemLabel(item));
      setText(badge, item.status);
      badge.dataset.status = item.status;
      origin.hidden = item.origin === undefined;
      if (item.origin !== undefined) {
        setText(origin, originLabel(item.origin));
        origin.title = originDescription(item.origin);
      }
      setText(prompt, oneLinePreview(item.prompt));
      showPreview(response, item.embedding ? embeddingSummary(item.embedding) : item.response);
      showPreview(error, item.error);
      const waiting = item.response === null && item.error === null ? waitingNote(item) : undefined;
      showPreview(note, waiting ?? null);
    },
  };
  return row;
}

function showPreview(target: HTMLElement, text: string | null): void {
  target.hidden = text === null;
  setText(target, text === null ? '' : oneLinePreview(text));
}
