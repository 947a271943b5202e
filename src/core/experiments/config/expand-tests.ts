// Every test of an experiment, in order, with defaultTest merged in as promptfoo does: vars shallow-merged
// under the test's own, defaultTest's assertions first, options shallow-merged. Then, as promptfoo, one test
// per combination of list values and `file://` glob matches, with `file://` vars read and `{{ var }}`
// references between vars resolved (promptfoo-vars.ts). Tests files are streamed, so a 100,000-row CSV never
// sits in memory. Files are read under the config's file access: a refused one stops the tests with a
// TemplateTrustError where its test is written.

import { DatasetError, readDataset, type DatasetNote, type DatasetRow } from '../../datasets';
import { OutsideWorkspaceError } from '../../files/file-access';
import { TemplateTrustError } from '../../templates';
import { preparedVars, varCombinations, VarFileProblem, varsFromFiles } from './promptfoo-vars';
import { assertionOf, checkGraders } from './tests-section';
import type { Assertion, ExperimentConfig, TestCase, TestsFile } from './types';

/** A test before defaultTest is merged in. */
type TestParts = Omit<TestCase, 'index'> & { varsFiles?: string[] };

export interface ExpandOptions {
  /** Ignored columns and keys of tests files, once per file and key. */
  onNote?: (note: DatasetNote) => void;
}

/** Throws a DatasetError at the first row of a tests file that cannot be used. */
export async function* expandTests(config: ExperimentConfig, options: ExpandOptions = {}): AsyncGenerator<TestCase> {
  const defaults = config.defaultTest;
  let index = 0;
  async function* merged(test: TestParts): AsyncGenerator<TestCase> {
    const threshold = test.threshold ?? defaults.threshold;
    const base = {
      ...(test.description !== undefined ? { description: test.description } : {}),
      assert: [...defaults.assert, ...test.assert],
      options: { ...defaults.options, ...test.options },
      ...(threshold !== undefined ? { threshold } : {}),
      source: test.source,
    };
    const fromFiles = async (files: string[] | undefined) => (files === undefined ? {} : located(test.source, () => varsFromFiles(files, config.dir, config.access)));
    const all = { ...(await fromFiles(defaults.varsFiles)), ...defaults.vars, ...(await fromFiles(test.varsFiles)), ...test.vars };
    const combinations = base.options.disableVarExpansion === true ? [all] : await located(test.source, () => varCombinations(all, config.dir, config.access));
    for (const vars of combinations) {
      yield { index: index++, ...base, vars: await located(test.source, () => preparedVars(vars, config.dir, config.access)) };
    }
  }

  // As in promptfoo, a config without tests runs each prompt once, with defaultTest alone.
  if (config.tests.length === 0) {
    yield* merged({ vars: {}, assert: [], options: {}, source: { file: config.file, line: config.locations.prompts?.line ?? 1 } });
    return;
  }
  for (const entry of config.tests) {
    if (entry.kind === 'inline') {
      yield* merged({ ...entry, source: { file: config.file, line: entry.line } });
      continue;
    }
    for await (const row of readDataset(entry.path, { displayName: entry.displayPath, onNote: options.onNote })) {
      yield* merged(fromRow(row, entry));
    }
  }
}

/** How many tests expandTests yields (for progress): tests files are read through, list vars expanded. */
export async function countTests(config: ExperimentConfig): Promise<number> {
  let count = 0;
  for await (const _test of expandTests(config)) count++;
  return count;
}

/** A problem with a var, or a refusal of its file, is placed where its test is written. */
async function located<T>(source: TestCase['source'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VarFileProblem) throw new DatasetError(source, error.message);
    if (error instanceof OutsideWorkspaceError) throw new TemplateTrustError(source, error.message);
    throw error;
  }
}

function fromRow(row: DatasetRow, file: TestsFile): TestParts {
  const at = { line: row.line, ...(row.column !== undefined ? { column: row.column } : {}) };
  checkGraders(row, (_path, detail) => {
    throw new DatasetError({ file: file.displayPath, ...at }, detail);
  });
  const assert: Assertion[] = (row.assert ?? []).map((assertion) => assertionOf(assertion, file.displayPath, at));
  for (const expected of row.expected ?? []) {
    assert.push({ type: '__expected', value: expected.text, file: file.displayPath, line: row.line, ...(expected.metric !== undefined ? { metric: expected.metric } : {}), ...(expected.threshold !== undefined ? { threshold: expected.threshold } : {}) });
  }
  return {
    ...(row.description !== undefined ? { description: row.description } : {}),
    ...(row.threshold !== undefined ? { threshold: row.threshold } : {}),
    vars: row.vars,
    assert,
    options: row.options ?? {},
    source: { file: file.displayPath, line: row.line },
  };
}
