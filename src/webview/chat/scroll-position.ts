// Whether a scrolled view counts as being at its bottom, where new text keeps it. DOM-free.

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** A few pixels of slack: zoom and fractional layout leave the bottom a pixel or two away. */
export const BOTTOM_SLACK_PX = 24;

export function isAtBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): boolean {
  return scrollHeight - scrollTop - clientHeight <= BOTTOM_SLACK_PX;
}
