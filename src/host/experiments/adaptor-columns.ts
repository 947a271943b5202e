// Which two columns "Compare with Base" puts side by side: the adaptor's (the column of its model) and, as the
// baseline, the first column of the same prompt on another model. With several prompts, the first prompt the
// adaptor answers. No 'vscode' import: it is unit-tested on Node.

import type { ExperimentHeader } from '../../core/runs/ledger-schema';

export function adaptorBesideBase(columns: ExperimentHeader['columns'], model: string): { base: number; other: number } | undefined {
  const other = columns.findIndex((column) => column.model === model);
  if (other === -1) return undefined;
  const base = columns.findIndex((column) => column.promptKey === columns[other].promptKey && column.model !== model);
  return base === -1 ? undefined : { base, other };
}
