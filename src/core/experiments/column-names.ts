// A matrix column named by a user (`--column`, `--columns`): by its number (1 is the first), or by its label
// ("prompt × provider"), else its provider label, else its prompt label. One rule for `export-training` and `diff`,
// and one wording for a name that fits no column and for one that fits several.

import type { ExperimentHeader } from '../runs/ledger-schema';
import { columnLabel } from './experiment-matrix';

type Column = ExperimentHeader['columns'][number];

const LABELS: readonly ((column: Column) => string | undefined)[] = [columnLabel, (column) => column.providerLabel, (column) => column.promptLabel];

export type ColumnLookup = { ok: true; index: number } | { ok: false; problem: string };

export function columnNamed(columns: readonly Column[], name: string): ColumnLookup {
  const listed = columns.map((column, index) => `${index + 1} = ${columnLabel(column)}`).join(', ');
  if (/^\d+$/.test(name)) {
    const index = Number(name) - 1;
    if (index >= 0 && index < columns.length) return { ok: true, index };
  }
  for (const labelOf of LABELS) {
    const found = columns.flatMap((column, index) => (labelOf(column) === name ? [index] : []));
    if (found.length === 1) return { ok: true, index: found[0] };
    if (found.length > 1) return { ok: false, problem: `"${name}" names ${found.length} columns (${found.map((index) => `${index + 1} = ${columnLabel(columns[index])}`).join(', ')}): give the one you mean by its number` };
  }
  return { ok: false, problem: `no column is "${name}"; the run's columns: ${listed}` };
}
