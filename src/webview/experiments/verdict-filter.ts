// The judging filters beside the state chips: rows with a failing cell, rows with a passing cell (one at a
// time; pressing the active one again shows all), and, while comparing (with a run, or two columns), rows with a
// cell that changed.
// Real toggle buttons (aria-pressed), as the state chips are.

import { button, setPressed } from '../shared/dom';
import { chipGroup, type ChipSpec } from './chip-group';
import type { VerdictChoice } from './cell-store';

export interface VerdictFilterCallbacks {
  verdict(verdict: VerdictChoice | undefined): void;
  changed(on: boolean): void;
}

export interface VerdictFilter {
  readonly element: HTMLElement;
  showActive(verdict: VerdictChoice | undefined, changedOnly: boolean): void;
  /** `judged`: some cell has a verdict; `comparing`: a run is compared with. An active filter always shows. */
  setAvailable(judged: boolean, comparing: boolean): void;
}

const VERDICT_CHIPS: readonly ChipSpec<VerdictChoice>[] = [
  {
    value: 'fail',
    label: 'Failing',
    title: 'Show rows with a cell that failed its assertions. A cell that errored is neither passed nor failed: the error chip shows those.',
  },
  { value: 'pass', label: 'Passing', title: 'Show rows with a cell that passed its assertions.' },
];

export function createVerdictFilter(callbacks: VerdictFilterCallbacks, signal: AbortSignal): VerdictFilter {
  const group = chipGroup('verdict-filter', 'Show rows by verdict and change', VERDICT_CHIPS, 'verdict');
  const { root, chips } = group;
  const changed = button('Changed', 'chip');
  changed.dataset.filter = 'changed';
  changed.title = 'Show rows with a cell that is not the same as in the baseline (the compared run, or the baseline column): changed, newly passing, newly failing or added.';
  root.append(changed);

  let active: VerdictChoice | undefined;
  let changedOnly = false;
  let available = { judged: false, comparing: false };

  function showAvailability(): void {
    const verdictsShown = available.judged || active !== undefined;
    for (const { chip } of chips) chip.hidden = !verdictsShown;
    changed.hidden = !available.comparing && !changedOnly;
    root.hidden = !verdictsShown && changed.hidden;
  }

  root.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('button.chip') === changed) {
        callbacks.changed(!changedOnly);
        return;
      }
      const verdict = group.clicked(event)?.value;
      if (verdict !== undefined) callbacks.verdict(verdict === active ? undefined : verdict);
    },
    { signal },
  );

  showAvailability();
  return {
    element: root,
    showActive(verdict, on) {
      active = verdict;
      changedOnly = on;
      for (const { value, chip } of chips) setPressed(chip, value === verdict);
      setPressed(changed, on);
      showAvailability();
    },
    setAvailable(judged, comparing) {
      available = { judged, comparing };
      showAvailability();
    },
  };
}
