// The DOM side of a virtualized list of fixed-height rows: a spacer as tall as every row together, and
// only the rows in view (plus an overscan) in it, placed by translateY. Rows are recycled as the list
// scrolls; the panel says how to make one and how to bring one up to date for a position, which should
// cost nothing when the row already shows that position's data.

import { scrollTopToReveal, visibleRange, type Viewport } from './virtual-window';

export interface VirtualRow {
  readonly element: HTMLElement;
}

export interface VirtualRowsSpec<R extends VirtualRow> {
  createRow(): R;
  /** Brings `row` up to date for `position`; `placed`: the row was just put at `position`. */
  update(row: R, position: number, placed: boolean): void;
  /** After every render, once the rows in view are drawn. */
  rendered?(): void;
  /** After every scroll, once the rows in view are drawn. */
  scrolled?(scrollTop: number): void;
}

export interface VirtualRowsOptions {
  /** Until a row can be measured (the page is laid out), rows are assumed this tall. */
  fallbackRowHeight: number;
  /** A sticky header inside the scroller, above the spacer: the rows show in the height it leaves. */
  stickyHeader?: HTMLElement;
}

export interface VirtualRows<R extends VirtualRow> {
  /** How many rows the list stands for. Every row is placed again: positions now stand for other data. */
  setCount(count: number): void;
  /** Draws the rows in view, bringing those already there up to date. */
  render(): void;
  /** The rows in the DOM, by position. */
  rows(): IterableIterator<[number, R]>;
  viewport(): Viewport;
  scrollTo(scrollTop: number): void;
  /** Scrolls so row `position` shows whole, and draws at once so that its element exists. */
  reveal(position: number): void;
  /** Drops every row from the DOM (their structure changed); the next render makes new ones. */
  discardRows(): void;
}

export function createVirtualRows<R extends VirtualRow>(
  scroller: HTMLElement,
  spacer: HTMLElement,
  spec: VirtualRowsSpec<R>,
  options: VirtualRowsOptions,
  signal: AbortSignal,
): VirtualRows<R> {
  let count = 0;
  let rowHeight = 0;
  let viewportHeight = 0;
  let rowsByPosition = new Map<number, R>();

  function viewport(): Viewport {
    return { scrollTop: scroller.scrollTop, height: viewportHeight, rowHeight: rowHeight || options.fallbackRowHeight };
  }

  function measureViewport(): void {
    viewportHeight = Math.max(0, scroller.clientHeight - (options.stickyHeader?.offsetHeight ?? 0));
  }

  /**
   * Rows take their height from CSS (it follows the editor font size), so the first row laid out is
   * measured. Until then rows are placed at the fallback height; once measured, they are placed again.
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
    spacer.style.height = `${count * (rowHeight || options.fallbackRowHeight)}px`;
  }

  /** `reposition`: positions now stand for other data, so every row is placed again. */
  function render(reposition = false): void {
    // Read once here rather than waiting for the ResizeObserver, so the first render already fills the view.
    if (viewportHeight === 0) measureViewport();
    const { start, end } = visibleRange(viewport(), count);
    const next = new Map<number, R>();
    const spareRows: R[] = [];
    for (const [position, row] of rowsByPosition) {
      if (!reposition && position >= start && position < end) next.set(position, row);
      else spareRows.push(row);
    }
    for (let position = start; position < end; position++) {
      let row = next.get(position);
      const placed = row === undefined;
      if (row === undefined) {
        row = spareRows.pop() ?? spec.createRow();
        if (row.element.parentNode !== spacer) spacer.append(row.element);
        next.set(position, row);
        row.element.style.transform = `translateY(${position * (rowHeight || options.fallbackRowHeight)}px)`;
      }
      spec.update(row, position, placed);
    }
    for (const spare of spareRows) spare.element.remove();
    rowsByPosition = next;
    if (rowHeight === 0 && measureRowHeight()) {
      render(true);
      return;
    }
    spec.rendered?.();
  }

  scroller.addEventListener(
    'scroll',
    () => {
      render();
      spec.scrolled?.(scroller.scrollTop);
    },
    { passive: true, signal },
  );

  const resizeObserver = new ResizeObserver(() => {
    measureViewport();
    render();
  });
  resizeObserver.observe(scroller);
  if (options.stickyHeader !== undefined) resizeObserver.observe(options.stickyHeader);
  signal.addEventListener('abort', () => resizeObserver.disconnect());

  return {
    setCount(next) {
      count = next;
      layoutSpacer();
      render(true);
    },
    render: () => render(),
    rows: () => rowsByPosition.entries(),
    viewport,
    scrollTo(scrollTop) {
      scroller.scrollTop = scrollTop;
      render();
    },
    reveal(position) {
      const top = scrollTopToReveal(viewport(), position);
      if (top !== scroller.scrollTop) {
        scroller.scrollTop = top;
        // Drawn now rather than on the scroll event, so whatever points at the row finds it.
        render();
      }
    },
    discardRows() {
      for (const row of rowsByPosition.values()) row.element.remove();
      rowsByPosition = new Map();
    },
  };
}
