// The state filter: one toggle button per state with its count, and "All". Pressing the active state's
// chip again goes back to all items.

import type { CountsView, ItemStatusView } from '../../protocol/results';
import { button, element, setPressed, setText } from '../shared/dom';
import { formatCount } from './format';
import { isItemStatus, ITEM_STATUSES } from './item-filter';

export interface CountChips {
  readonly element: HTMLElement;
  showCounts(counts: CountsView): void;
  showActive(status: ItemStatusView | undefined): void;
}

export function createCountChips(onChoose: (status: ItemStatusView | undefined) => void, signal: AbortSignal): CountChips {
  const root = element('div', 'counts');
  root.id = 'counts';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Filter by state');

  const chips = new Map<ItemStatusView | 'all', { chip: HTMLButtonElement; count: HTMLElement }>();
  for (const key of ['all', ...ITEM_STATUSES] as const) {
    const chip = button('', 'chip');
    chip.dataset.status = key;
    const label = element('span', 'chip-label', key === 'all' ? 'All' : key);
    const count = element('span', 'count', '0');
    chip.append(label, count);
    root.append(chip);
    chips.set(key, { chip, count });
  }

  let active: ItemStatusView | undefined;
  root.addEventListener(
    'click',
    (event) => {
      const chip = (event.target as Element).closest<HTMLButtonElement>('button.chip');
      if (chip === null) return;
      const status = chip.dataset.status;
      onChoose(isItemStatus(status) && status !== active ? status : undefined);
    },
    { signal },
  );

  return {
    element: root,
    showCounts(counts) {
      const all = ITEM_STATUSES.reduce((sum, status) => sum + counts[status], 0);
      for (const [key, { count }] of chips) setText(count, formatCount(key === 'all' ? all : counts[key]));
    },
    showActive(status) {
      active = status;
      for (const [key, { chip }] of chips) setPressed(chip, key === (status ?? 'all'));
    },
  };
}
