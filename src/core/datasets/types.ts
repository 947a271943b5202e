// What a dataset (a tests file: CSV, TSV, JSONL, JSON or YAML) yields: one row per test case, with the line
// it starts on, so that a problem with a row (a template variable it lacks, a failing assertion) can name it.

export type DatasetFormat = 'csv' | 'tsv' | 'jsonl' | 'json' | 'yaml';

export interface DatasetRow {
  /** 0-based, counting rows only (not the CSV header, not blank lines). */
  index: number;
  /** 1-based line the row starts on (a CSV row with quoted multi-line cells spans several). */
  line: number;
  /** 1-based, where known (JSON and YAML elements). */
  column?: number;
  /** Variable values as read: strings from CSV, any JSON/YAML value otherwise. */
  vars: Record<string, unknown>;
  description?: string;
  /** The non-blank `__expected…` cells of a CSV row, in column order: assertions in promptfoo's shorthand. */
  expected?: ExpectedCell[];
  /** A test's `threshold` (CSV `__threshold`): the cell passes when its weighted score reaches it. */
  threshold?: number;
  /** A test case's `assert` list: objects with a string `type`, kept as given (the judge reads them). */
  assert?: Record<string, unknown>[];
  /** A test case's `options`, kept as given. */
  options?: Record<string, unknown>;
  /** The row as read: the cells by column name (CSV), or the parsed object. */
  raw?: unknown;
}

/** One `__expected…` cell, with the `__metric` of its row and its `__config:__expectedN:threshold`. */
export interface ExpectedCell {
  text: string;
  metric?: string;
  threshold?: number;
}

/** Something in the file that is read but has no effect here (a column or key outside the supported subset). */
export interface DatasetNote {
  file: string;
  line: number;
  column?: number;
  /** The column or key the note is about. */
  key: string;
  /** Starts with `file:line:`, like an error. */
  message: string;
}

export interface ReadDatasetOptions {
  /** Names the file in errors and notes; defaults to the path. */
  displayName?: string;
  /** Called once per ignored column or key (not once per row). */
  onNote?: (note: DatasetNote) => void;
  /** Bytes per read (default 64 KiB); tests pass tiny values to split rows anywhere. */
  chunkSize?: number;
}
