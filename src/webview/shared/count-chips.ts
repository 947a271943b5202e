// The state filter: one toggle button per state with its count, and "All". Pressing the active state's
// chip again goes back to all.

import { button, element, setPressed, setText } from './dom';
import { formatCount } from './format';

export interface CountChips<S extends string> {
  readonly element: HTMLElement;
  showCounts(counts: Readonly<Record<S, number>>): void;
  showActive(status: S | undefined): void;
}

/** `statuses` in the order the chips show them; `label` says what choosing one filters. */
export function createCountChips<S extends string>(
  statuses: readonly S[],
  label: string,
  onChoose: (status: S | undefined) => void,
  signal: AbortSignal,
): CountChips<S> {
  const root = element('div', 'counts');
  root.id = 'counts';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', label);

  const chips = new Map<S | 'all', { chip: HTMLButtonElement; count: HTMLElement }>();
  for (const key of ['all' as const, ...statuses]) {
    const chip = button('', 'chip');
    chip.dataset.status = key;
    const chipLabel = element('span', 'chip-label', key === 'all' ? 'All' : key);
    const count = element('span', 'count', '0');
    chip.append(chipLabel, count);
    root.append(chip);
    chips.set(key, { chip, count });
  }

  let active: S | undefined;
  root.addEventListener(
    'click',
    (event) => {
      const chip = (event.target as Element).closest<HTMLButtonElement>('button.chip');
      if (chip === null) return;
      const status = statuses.find((known) => known === chip.dataset.status);
      onChoose(status !== undefined && status !== active ? status : undefined);
    },
    { signal },
  );

  return {
    element: root,
    showCounts(counts) {
      const all = statuses.reduce((sum, status) => sum + counts[status], 0);
      for (const [key, { count }] of chips) setText(count, formatCount(key === 'all' ? all : counts[key as S]));
    },
    showActive(status) {
      active = status;
      for (const [key, { chip }] of chips) setPressed(chip, key === (status ?? 'all'));
    },
  };
}
