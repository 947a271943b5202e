// Every test of an experiment, in order, with defaultTest merged in as promptfoo does: vars shallow-merged
// under the test's own, defaultTest's assertions first, options shallow-merged. Tests files are streamed,
// so a 100,000-row CSV never sits in memory.

import { countDatasetRows, DatasetError, readDataset, type DatasetNote, type DatasetRow } from '../../datasets';
import { assertionOf, checkGraders } from './tests-section';
import type { Assertion, ExperimentConfig, TestCase, TestsFile } from './types';

/** A test before defaultTest is merged in. */
type TestParts = Omit<TestCase, 'index'>;

export interface ExpandOptions {
  /** Ignored columns and keys of tests files, once per file and key. */
  onNote?: (note: DatasetNote) => void;
}

/** Throws a DatasetError at the first row of a tests file that cannot be used. */
export async function* expandTests(config: ExperimentConfig, options: ExpandOptions = {}): AsyncGenerator<TestCase> {
  const defaults = config.defaultTest;
  let index = 0;
  const merged = (test: TestParts): TestCase => ({
    index: index++,
    ...(test.description !== undefined ? { description: test.description } : {}),
    vars: { ...defaults.vars, ...test.vars },
    assert: [...defaults.assert, ...test.assert],
    options: { ...defaults.options, ...test.options },
    source: test.source,
  });

  // As in promptfoo, a config without tests runs each prompt once, with defaultTest alone.
  if (config.tests.length === 0) {
    yield merged({ vars: {}, assert: [], options: {}, source: { file: config.file, line: config.locations.prompts?.line ?? 1 } });
    return;
  }
  for (const entry of config.tests) {
    if (entry.kind === 'inline') {
      yield merged({ ...entry, source: { file: config.file, line: entry.line } });
      continue;
    }
    for await (const row of readDataset(entry.path, { displayName: entry.displayPath, onNote: options.onNote })) {
      yield merged(fromRow(row, entry));
    }
  }
}

/** How many tests expandTests yields (for progress): tests files are counted by reading them through. */
export async function countTests(config: ExperimentConfig): Promise<number> {
  if (config.tests.length === 0) return 1;
  let count = 0;
  for (const entry of config.tests) count += entry.kind === 'inline' ? 1 : await countDatasetRows(entry.path, { displayName: entry.displayPath });
  return count;
}

function fromRow(row: DatasetRow, file: TestsFile): TestParts {
  const at = { line: row.line, ...(row.column !== undefined ? { column: row.column } : {}) };
  checkGraders(row, (_path, detail) => {
    throw new DatasetError({ file: file.displayPath, ...at }, detail);
  });
  const assert: Assertion[] = (row.assert ?? []).map((assertion) => assertionOf(assertion, file.displayPath, at));
  if (row.expected !== undefined) assert.push({ type: '__expected', value: row.expected, file: file.displayPath, line: row.line });
  return {
    ...(row.description !== undefined ? { description: row.description } : {}),
    vars: row.vars,
    assert,
    options: row.options ?? {},
    source: { file: file.displayPath, line: row.line },
  };
}
