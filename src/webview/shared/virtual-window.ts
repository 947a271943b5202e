// The math of the virtualized list: which rows to keep in the DOM and where to scroll to show one.
// Rows have one fixed height, so a row's position is its place in the filtered list times that height.
// DOM-free.

export interface Viewport {
  scrollTop: number;
  height: number;
  rowHeight: number;
}

/** Rows rendered beyond each edge, so a fast wheel or a page move does not show blank space for a frame. */
export const OVERSCAN_ROWS = 8;

/** The rows [start, end) to render for `count` rows. */
export function visibleRange(viewport: Viewport, count: number, overscan = OVERSCAN_ROWS): { start: number; end: number } {
  if (count === 0 || viewport.rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, viewport.scrollTop) / viewport.rowHeight);
  const last = Math.ceil((Math.max(0, viewport.scrollTop) + viewport.height) / viewport.rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, last + overscan) };
}

/** The smallest scroll that shows row `position` whole; the current scrollTop when it already is. */
export function scrollTopToReveal(viewport: Viewport, position: number): number {
  const top = position * viewport.rowHeight;
  const bottom = top + viewport.rowHeight;
  if (top < viewport.scrollTop) return top;
  if (bottom > viewport.scrollTop + viewport.height) return Math.max(0, bottom - viewport.height);
  return viewport.scrollTop;
}

/** How many rows Page Up / Page Down move: a screenful less one, so the row at the edge stays in sight. */
export function rowsPerPage(viewport: Viewport): number {
  if (viewport.rowHeight <= 0) return 1;
  return Math.max(1, Math.floor(viewport.height / viewport.rowHeight) - 1);
}
