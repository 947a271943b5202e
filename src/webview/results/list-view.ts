// The virtualized item list: a listbox whose scroll height stands for every filtered item while only
// the rows in view (plus an overscan) exist in the DOM (shared/virtual-rows.ts). A recycled row is
// rewritten only when the item at its position changed. Selection follows the keyboard, and the listbox
// keeps focus while aria-activedescendant points at the selected row.

import type { ItemView } from '../../protocol/results';
import { element } from '../shared/dom';
import { listenToListKeys } from '../shared/list-keys';
import { isNavigationKey, nextPosition, positionOf } from '../shared/list-navigation';
import { createVirtualRows } from '../shared/virtual-rows';
import { rowsPerPage } from '../shared/virtual-window';
import { createRow } from './row-view';

export interface ListCallbacks {
  item(index: number): ItemView | undefined;
  select(index: number): void;
  reveal(index: number): void;
  openDetail(): void;
  /** Escape with an item selected: its detail closes. */
  closeDetail(): void;
  scrolled(scrollTop: number): void;
}

export interface ListView {
  readonly element: HTMLElement;
  /** The filtered item indexes, in order. Redraws the rows in view (rewriting those whose item changed); keeps the scroll position. */
  setIndexes(indexes: readonly number[]): void;
  setSelected(index: number | undefined): void;
  /** Scrolls so the selected row shows whole. */
  revealSelected(): void;
  scrollTo(scrollTop: number): void;
}

export function createListView(callbacks: ListCallbacks, signal: AbortSignal): ListView {
  const root = element('div', 'list');
  root.id = 'list';
  root.tabIndex = 0;
  root.setAttribute('role', 'listbox');
  root.setAttribute('aria-label', 'Items');
  const spacer = element('div', 'list-spacer');
  const empty = element('p', 'list-empty', 'No items match.');
  empty.hidden = true;
  root.append(spacer, empty);

  let indexes: readonly number[] = [];
  let selected: number | undefined;

  const rows = createVirtualRows(
    root,
    spacer,
    {
      createRow,
      update(row, position, placed) {
        if (placed) {
          row.element.setAttribute('aria-posinset', String(position + 1));
          row.element.setAttribute('aria-setsize', String(indexes.length));
        }
        const item = callbacks.item(indexes[position]);
        if (item !== undefined && row.item !== item) row.fill(item);
        row.element.setAttribute('aria-selected', String(indexes[position] === selected));
      },
      rendered: updateActiveDescendant,
      scrolled: callbacks.scrolled,
    },
    { fallbackRowHeight: 44 },
    signal,
  );

  function updateActiveDescendant(): void {
    const shown = selected !== undefined && [...rows.rows()].some(([, row]) => row.item?.index === selected);
    if (shown) root.setAttribute('aria-activedescendant', `item-${selected}`);
    else root.removeAttribute('aria-activedescendant');
  }

  root.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const row = target.closest<HTMLElement>('.row');
      if (row === null) return;
      const index = Number(row.dataset.index);
      callbacks.select(index);
      if (target.closest('button.origin') !== null) callbacks.reveal(index);
      root.focus({ preventScroll: true });
    },
    { signal },
  );

  listenToListKeys(
    root,
    {
      isMoveKey: isNavigationKey,
      hasSelection: () => selected !== undefined,
      open: () => callbacks.openDetail(),
      close: () => callbacks.closeDetail(),
      move: (key) => {
        const from = selected === undefined ? undefined : positionOf(indexes, selected);
        const position = nextPosition(key, from, indexes.length, rowsPerPage(rows.viewport()));
        if (position !== undefined) callbacks.select(indexes[position]);
      },
    },
    signal,
  );

  return {
    element: root,
    setIndexes(next) {
      indexes = next;
      root.dataset.filteredCount = String(indexes.length);
      empty.hidden = indexes.length > 0;
      rows.setCount(indexes.length);
    },
    setSelected(index) {
      selected = index;
      for (const [position, row] of rows.rows()) row.element.setAttribute('aria-selected', String(indexes[position] === selected));
      updateActiveDescendant();
    },
    revealSelected() {
      if (selected === undefined) return;
      const { position, present } = positionOf(indexes, selected);
      if (present) rows.reveal(position);
    },
    scrollTo(scrollTop) {
      rows.scrollTo(scrollTop);
    },
  };
}
