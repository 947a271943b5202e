// How a dataset row reads in the "Use Test Row…" list: its number, its line, and its description or its
// variables, so a row can be found by what it holds.

import type { DatasetRow } from '../../core/datasets';
import { oneLine } from './markdown-blocks';

/** How many rows the list offers: choosing among more is easier with the row number. */
export const ROWS_OFFERED = 500;

export interface RowChoice {
  label: string;
  description: string;
  detail: string;
  index: number;
}

export function rowChoice(row: DatasetRow): RowChoice {
  const vars = Object.entries(row.vars).map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const detail = row.description ?? (vars.length === 0 ? '(no variables)' : vars.join(', '));
  return { label: `Row ${row.index + 1}`, description: `line ${row.line}`, detail: oneLine(detail, 120), index: row.index };
}
