// What an export of training data records of where it came from (training/data-origin.ts): the run, its
// experiment file relative to the folder the export ran in (no absolute paths, so the record reads the same in a
// clone), the column, which answers, and the split. The CLI's export-training and the editor's export both ask here.

import { relative, sep } from 'node:path';
import type { DataOrigin } from '../training';
import type { RunHeader } from '../runs/ledger-state';
import { columnLabel } from './experiment-matrix';
import type { TrainingChoice, TrainingExport } from './training-rows';

export function exportOrigin(header: RunHeader, choice: TrainingChoice, exported: TrainingExport, folder: string): DataOrigin {
  const experiment = header.experiment;
  const run = { id: header.runId, title: header.title ?? header.runId };
  if (!experiment) return { run, from: 'answers', split: null };
  const { split, column } = exported;
  return {
    run,
    experiment: relative(folder, experiment.origin.path).split(sep).join('/'),
    ...(column !== undefined ? { column: { number: column + 1, label: columnLabel(experiment.columns[column]) } } : {}),
    from: choice.from,
    ...(choice.expectedVar !== undefined ? { expectedVar: choice.expectedVar } : {}),
    split: split ? { fraction: split.fraction, seed: split.seed, heldOut: split.heldOut, trained: split.trained } : null,
    ...(split ? { rowLabels: Object.fromEntries(split.labels) } : {}),
  };
}
