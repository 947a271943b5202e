// The virtualized item list: a listbox whose scroll height stands for every filtered item while only
// the rows in view (plus an overscan) exist in the DOM. Rows are recycled; a row is rewritten only when
// the item at its position changed. Selection follows the keyboard, and the listbox keeps focus while
// aria-activedescendant points at the selected row.

import type { ItemView } from '../../protocol/results';
import { element } from '../shared/dom';
import { positionOf } from './item-filter';
import { isNavigationKey, nextPosition } from './list-navigation';
import { createRow, type Row } from './row-view';
import { rowsPerPage, scrollTopToReveal, visibleRange, type Viewport } from './virtual-window';

export interface ListCallbacks {
  item(index: number): ItemView | undefined;
  select(index: number): void;
  reveal(index: number): void;
  openDetail(): void;
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

/** Until a row can be measured (the page is laid out), rows are assumed this tall. */
const FALLBACK_ROW_HEIGHT = 44;

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
  let rowHeight = 0;
  let viewportHeight = 0;
  /** Rows in the DOM by their position in `indexes`. */
  let rowsByPosition = new Map<number, Row>();

  function viewport(): Viewport {
    return { scrollTop: root.scrollTop, height: viewportHeight, rowHeight: rowHeight || FALLBACK_ROW_HEIGHT };
  }

  /**
   * Rows take their height from CSS (it follows the editor font size), so the first row laid out is
   * measured. Until then rows are placed at a fallback height; once measured, they are placed again.
   */
  function measureRowHeight(): boolean {
    const probe = rowsByPosition.values().next().value;
    const height = probe?.element.offsetHeight ?? 0;
    if (height <= 0 || height === rowHeight) return false;
    rowHeight = height;
    layoutSpacer();
    return true;
  }

  function layoutSpacer(): void {
    spacer.style.height = `${indexes.length * (rowHeight || FALLBACK_ROW_HEIGHT)}px`;
  }

  /** Draws the rows in view. `reposition`: positions now stand for other items, so every row is placed again. */
  function render(reposition = false): void {
    // Read once here rather than waiting for the ResizeObserver, so the first render already fills the view.
    if (viewportHeight === 0) viewportHeight = root.clientHeight;
    const { start, end } = visibleRange(viewport(), indexes.length);
    const next = new Map<number, Row>();
    const spareRows: Row[] = [];
    for (const [position, row] of rowsByPosition) {
      if (!reposition && position >= start && position < end) next.set(position, row);
      else spareRows.push(row);
    }
    for (let position = start; position < end; position++) {
      const item = callbacks.item(indexes[position]);
      if (item === undefined) continue;
      let row = next.get(position);
      if (row === undefined) {
        row = spareRows.pop() ?? createRow();
        if (row.element.parentNode !== spacer) spacer.append(row.element);
        next.set(position, row);
        placeRow(row, position);
      }
      if (row.item !== item) row.fill(item);
      markSelected(row, position);
    }
    for (const spare of spareRows) spare.element.remove();
    rowsByPosition = next;
    if (rowHeight === 0 && measureRowHeight()) {
      render(true);
      return;
    }
    updateActiveDescendant();
  }

  function placeRow(row: Row, position: number): void {
    row.element.style.transform = `translateY(${position * (rowHeight || FALLBACK_ROW_HEIGHT)}px)`;
    row.element.setAttribute('aria-posinset', String(position + 1));
    row.element.setAttribute('aria-setsize', String(indexes.length));
  }

  function markSelected(row: Row, position: number): void {
    const isSelected = indexes[position] === selected;
    row.element.setAttribute('aria-selected', String(isSelected));
  }

  function updateActiveDescendant(): void {
    const shown = selected !== undefined && [...rowsByPosition.values()].some((row) => row.item?.index === selected);
    if (shown) root.setAttribute('aria-activedescendant', `item-${selected}`);
    else root.removeAttribute('aria-activedescendant');
  }

  root.addEventListener(
    'scroll',
    () => {
      render();
      callbacks.scrolled(root.scrollTop);
    },
    { passive: true, signal },
  );

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

  root.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') {
        if (selected === undefined) return;
        event.preventDefault();
        callbacks.openDetail();
        return;
      }
      if (!isNavigationKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const from = selected === undefined ? undefined : positionOf(indexes, selected);
      const position = nextPosition(event.key, from, indexes.length, rowsPerPage(viewport()));
      if (position !== undefined) callbacks.select(indexes[position]);
    },
    { signal },
  );

  const resizeObserver = new ResizeObserver(() => {
    viewportHeight = root.clientHeight;
    render();
  });
  resizeObserver.observe(root);
  signal.addEventListener('abort', () => resizeObserver.disconnect());

  return {
    element: root,
    setIndexes(next) {
      indexes = next;
      root.dataset.filteredCount = String(indexes.length);
      empty.hidden = indexes.length > 0;
      layoutSpacer();
      render(true);
    },
    setSelected(index) {
      selected = index;
      for (const [position, row] of rowsByPosition) markSelected(row, position);
      updateActiveDescendant();
    },
    revealSelected() {
      if (selected === undefined) return;
      const { position, present } = positionOf(indexes, selected);
      if (!present) return;
      const top = scrollTopToReveal(viewport(), position);
      if (top !== root.scrollTop) {
        root.scrollTop = top;
        // Drawn now rather than on the scroll event, so aria-activedescendant points at a row that exists.
        render();
      }
    },
    scrollTo(scrollTop) {
      root.scrollTop = scrollTop;
      render();
    },
  };
}
