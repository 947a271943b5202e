// The column filter: "All columns" or one column, shown alone.

import type { ColumnView } from '../../protocol/experiments';
import { element } from '../shared/dom';
import { columnName } from './wording';

export interface ColumnFilter {
  readonly element: HTMLElement;
  setColumns(columns: readonly ColumnView[]): void;
  showActive(column: number | undefined): void;
}

const ALL = '';

export function createColumnFilter(onChoose: (column: number | undefined) => void, signal: AbortSignal): ColumnFilter {
  const root = element('span', 'column-filter');
  const label = element('label', undefined, 'Column');
  label.htmlFor = 'column-filter';
  const select = element('select', 'column-select');
  select.id = 'column-filter';
  select.setAttribute('aria-controls', 'matrix');
  root.append(label, select);

  select.addEventListener(
    'change',
    () => {
      onChoose(select.value === ALL ? undefined : Number(select.value));
    },
    { signal },
  );

  return {
    element: root,
    setColumns(columns) {
      const all = element('option', undefined, 'All columns');
      all.value = ALL;
      select.replaceChildren(
        all,
        ...columns.map((column) => {
          const option = element('option', undefined, columnName(column));
          option.value = String(column.index);
          return option;
        }),
      );
    },
    showActive(column) {
      select.value = column === undefined ? ALL : String(column);
    },
  };
}
