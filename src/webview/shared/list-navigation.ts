// Where a key moves the selection in a list (the listbox keyboard pattern), and where a selected entry
// sits in a filtered list. DOM-free.

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'PageUp' | 'PageDown' | 'Home' | 'End';

const NAVIGATION_KEYS: readonly string[] = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

export function isNavigationKey(key: string): key is NavigationKey {
  return NAVIGATION_KEYS.includes(key);
}

/**
 * The position to select after `key`, or undefined when the list is empty.
 * `from` is where the selection is: `present` false means the selected item is hidden by the filter and
 * `position` is where it would be, so Down goes to the next shown item and Up to the previous one.
 * Without a selection (`from` undefined) any key starts at an end.
 */
export function nextPosition(
  key: NavigationKey,
  from: { position: number; present: boolean } | undefined,
  count: number,
  pageRows: number,
): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const forward = key === 'ArrowDown' || key === 'PageDown';
  if (from === undefined) return forward ? 0 : last;
  const step = key === 'PageUp' || key === 'PageDown' ? pageRows : 1;
  // A hidden selection sits between position - 1 and position: the first step lands on one of those.
  const start = from.present ? from.position : forward ? from.position - 1 : from.position;
  return clamp(forward ? start + step : start - step, 0, last);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * Where `index` sits in the sorted `indexes`: its position when present, otherwise the position of the
 * first larger index (which may be `indexes.length`). Lets keyboard moves continue from a selected entry
 * the current filter hides.
 */
export function positionOf(indexes: readonly number[], index: number): { position: number; present: boolean } {
  let low = 0;
  let high = indexes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (indexes[middle] < index) low = middle + 1;
    else high = middle;
  }
  return { position: low, present: indexes[low] === index };
}
