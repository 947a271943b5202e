// Where a training file came from, recorded when export-training (the CLI or the editor) writes one: the run, its
// experiment, the column, which answers, and the rows held out. It is kept in the runs folder under the SHA-256 of
// the data (`training-data/<hash>.json`), so training the file later finds it by its content wherever the file was
// moved and whatever it is called, and a file edited since is not taken for what it was.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { HoldoutSplit } from '../evidence';
import { readRecord, writeRecord } from './lineage-files';
import { datasetJsonLines, type TrainingExample } from './training-data';

export const DATA_ORIGIN_FORMAT = 'scalarlm-lab-training-data';
const VERSION = 1;

/** What a training file was made from. */
export interface DataOrigin {
  run: { id: string; title: string };
  /** The experiment file, relative to the folder the export ran in; absent for a results run. */
  experiment?: string;
  /** The matrix column whose prompts (and answers) were taken: its number from 1 and its label. */
  column?: { number: number; label: string };
  /** `expected` or `passing` answers of an experiment run; `answers` for a results run's prompts and answers. */
  from: 'expected' | 'passing' | 'reviewed' | 'answers';
  expectedVar?: string;
  /** The rows kept out of the data; null when every row could be trained on. */
  split: HoldoutSplit | null;
  /** With a split: each row's label for people, by key. */
  rowLabels?: Record<string, string>;
}

export interface DataOriginRecord extends DataOrigin {
  format: typeof DATA_ORIGIN_FORMAT;
  version: typeof VERSION;
  /** SHA-256 of the data as JSON lines, one canonical line per example: the exported file's own bytes. */
  dataHash: string;
  examples: number;
  recordedAt: string;
}

/** The hash training data is known by here: of its canonical JSON lines, so spacing and line ends do not matter. */
export function trainingDataHash(examples: readonly TrainingExample[]): string {
  return createHash('sha256').update(datasetJsonLines(examples)).digest('hex');
}

export function recordDataOrigin(runsDir: string, examples: readonly TrainingExample[], origin: DataOrigin, now = new Date()): DataOriginRecord {
  const record: DataOriginRecord = { format: DATA_ORIGIN_FORMAT, version: VERSION, dataHash: trainingDataHash(examples), examples: examples.length, ...origin, recordedAt: now.toISOString() };
  writeRecord(originPath(runsDir, record.dataHash), record);
  return record;
}

/** The record of the data with this hash; undefined when none was made here. A damaged record is a LineageError. */
export function dataOrigin(runsDir: string, dataHash: string): DataOriginRecord | undefined {
  return readRecord(originPath(runsDir, dataHash), DATA_ORIGIN_FORMAT, VERSION) as DataOriginRecord | undefined;
}

function originPath(runsDir: string, dataHash: string): string {
  return join(runsDir, 'training-data', `${dataHash}.json`);
}
