// The filters beside the verdict filter for what rows are marked with: "Flaky" (a column whose repeated samples
// disagree) and "Regressed" (a column that regressed against the experiment's baseline run). Each shows only while
// there is something it could find (repeats, a compared baseline), or while it is on. Real toggle buttons
// (aria-pressed), as the state chips are.

import { setPressed } from '../shared/dom';
import { chipGroup, type ChipSpec } from './chip-group';

export type RowMarkFilter = 'flaky' | 'regressed';

export interface MarkFilter {
  readonly element: HTMLElement;
  showActive(active: ReadonlySet<RowMarkFilter>): void;
  /** Which filters could find rows now. */
  setAvailable(available: ReadonlySet<RowMarkFilter>): void;
}

const CHIPS: readonly ChipSpec<RowMarkFilter>[] = [
  { value: 'flaky', label: 'Flaky', title: 'Show rows with a column whose repeated samples disagree: some pass, some fail.' },
  { value: 'regressed', label: 'Regressed', title: "Show rows with a column that regressed against the experiment's baseline run (by the rule of scalarlm-lab eval --baseline)." },
];

export function createMarkFilter(toggled: (filter: RowMarkFilter) => void, signal: AbortSignal): MarkFilter {
  const group = chipGroup('mark-filter', 'Show rows by mark', CHIPS, 'filter');
  const { root, chips } = group;
  let active: ReadonlySet<RowMarkFilter> = new Set();
  let available: ReadonlySet<RowMarkFilter> = new Set();

  function showAvailability(): void {
    for (const { value, chip } of chips) chip.hidden = !available.has(value) && !active.has(value);
    root.hidden = chips.every(({ chip }) => chip.hidden);
  }

  root.addEventListener(
    'click',
    (event) => {
      const filter = group.clicked(event)?.value;
      if (filter !== undefined) toggled(filter);
    },
    { signal },
  );

  showAvailability();
  return {
    element: root,
    showActive(next) {
      active = next;
      for (const { value, chip } of chips) setPressed(chip, active.has(value));
      showAvailability();
    },
    setAvailable(next) {
      available = next;
      showAvailability();
    },
  };
}
