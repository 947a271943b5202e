// The state filter: one toggle button per state with its count, and "All". Pressing the active state's
// chip again goes back to all. A state no item is in has no chip (unless it is the one chosen): choosing it would
// show nothing, and the chips keep to one line in a narrow panel (issue 26 item 15).

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
  let counts: Readonly<Record<S, number>> | undefined;
  const showChips = () => {
    for (const status of statuses) chips.get(status)!.chip.hidden = status !== active && (counts?.[status] ?? 0) === 0;
  };
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
    showCounts(next) {
      counts = next;
      const all = statuses.reduce((sum, status) => sum + next[status], 0);
      for (const [key, { count }] of chips) setText(count, formatCount(key === 'all' ? all : next[key as S]));
      showChips();
    },
    showActive(status) {
      active = status;
      for (const [key, { chip }] of chips) setPressed(chip, key === (status ?? 'all'));
      showChips();
    },
  };
}
