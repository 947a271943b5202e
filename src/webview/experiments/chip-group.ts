// A labelled group of filter chips (real toggle buttons): each chip with its label and tooltip, its value in a data
// attribute, and the value of the chip a click landed on. The verdict, mark and review filters are such groups.

import { button, element } from '../shared/dom';

export interface ChipSpec<T extends string> {
  value: T;
  label: string;
  title: string;
}

export interface ChipGroup<T extends string> {
  readonly root: HTMLElement;
  readonly chips: readonly { value: T; chip: HTMLButtonElement }[];
  /** The chip a click landed on, and its value; undefined for a click beside them. */
  clicked(event: Event): { value: T; chip: HTMLButtonElement } | undefined;
}

/** `dataKey`: the data attribute that carries each chip's value (`data-verdict`, `data-filter`). */
export function chipGroup<T extends string>(className: string, label: string, specs: readonly ChipSpec<T>[], dataKey: string): ChipGroup<T> {
  const root = element('div', `counts ${className}`);
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', label);
  const chips = specs.map(({ value, label: text, title }) => {
    const chip = button(text, 'chip');
    chip.dataset[dataKey] = value;
    chip.title = title;
    return { value, chip };
  });
  root.append(...chips.map(({ chip }) => chip));
  return {
    root,
    chips,
    clicked(event) {
      const chip = (event.target as Element).closest<HTMLButtonElement>('button.chip');
      return chips.find((known) => known.chip === chip);
    },
  };
}
