// Every test of an experiment, in order, with defaultTest merged in as promptfoo does: vars shallow-merged
// under the test's own, defaultTest's assertions first, options shallow-merged. Then, as promptfoo, one test
// per combination of list values and `file://` glob matches, with `file://` vars read and `{{ var }}`
// references between vars resolved (promptfoo-vars.ts). Tests files are streamed, so a 100,000-row CSV never
// sits in memory. Files are read under the config's file access: a refused one stops the tests with a
// TemplateTrustError where its test is written.

import { DatasetError, oneByOne, readDatasetBatches, type DatasetNote, type DatasetRow } from '../../datasets';
import { OutsideWorkspaceError } from '../../files/file-access';
import { TemplateTrustError } from '../../templates';
import { listCombinations, namesFiles, plainPreparedVars, preparedVars, varCombinations, VarFileProblem, varsFromFiles } from './promptfoo-vars';
import { assertionOf, checkGraders } from './tests-section';
import type { Assertion, ExperimentConfig, TestCase, TestsFile } from './types';

/** A test before defaultTest is merged in. */
type TestParts = Omit<TestCase, 'index'> & { varsFiles?: string[] };

export interface ExpandOptions {
  /** Ignored columns and keys of tests files, once per file and key. */
  onNote?: (note: DatasetNote) => void;
}

/** Throws a DatasetError at the first row of a tests file that cannot be used. */
export function expandTests(config: ExperimentConfig, options: ExpandOptions = {}): AsyncGenerator<TestCase> {
  return oneByOne(expandTestBatches(config, options));
}

/**
 * The tests of expandTests, a batch at a time (a tests file's rows as its reader hands them over): a pass over a
 * 100,000-row file then costs a step of the consumer's loop per batch, not per test. Throws a DatasetError at the
 * first row that cannot be used, after a batch of the tests before it.
 */
export async function* expandTestBatches(config: ExperimentConfig, options: ExpandOptions = {}): AsyncGenerator<TestCase[]> {
  const merger = new TestMerger(config);
  // As in promptfoo, a config without tests runs each prompt once, with defaultTest alone.
  if (config.tests.length === 0) {
    yield await merger.merged({ vars: {}, assert: [], options: {}, source: { file: config.file, line: config.locations.prompts?.line ?? 1 } });
    return;
  }
  for (const entry of config.tests) {
    if (entry.kind === 'inline') {
      yield await merger.merged({ ...entry, source: { file: config.file, line: entry.line } });
      continue;
    }
    for await (const rows of readDatasetBatches(entry.path, { displayName: entry.displayPath, onNote: options.onNote })) {
      const tests: TestCase[] = [];
      let problem: { error: unknown } | undefined;
      try {
        for (const row of rows) {
          // Awaited only when it reads files: an await of nothing still costs a turn of the microtask queue.
          const reading = merger.add(fromRow(row, entry), tests);
          if (reading) await reading;
        }
      } catch (error) {
        problem = { error };
      }
      // The tests before a row that cannot be used come first.
      if (tests.length > 0) yield tests;
      if (problem) throw problem.error;
    }
  }
}

/** defaultTest merged into each test, and the test expanded (promptfoo-vars.ts), tests numbered in order. */
class TestMerger {
  private index = 0;

  constructor(private readonly config: ExperimentConfig) {}

  /** One test's expansions. */
  async merged(test: TestParts): Promise<TestCase[]> {
    const tests: TestCase[] = [];
    await this.add(test, tests);
    return tests;
  }

  /**
   * Appends the test's expansions to `into`. Without a file to read (no `file://` var, no vars files: a CSV row's
   * test) it is done at once and nothing is returned; else the promise of it.
   */
  add(test: TestParts, into: TestCase[]): Promise<void> | undefined {
    const defaults = this.config.defaultTest;
    const threshold = test.threshold ?? defaults.threshold;
    const options = Object.keys(defaults.options).length === 0 ? test.options : { ...defaults.options, ...test.options };
    const base = {
      ...(test.description !== undefined ? { description: test.description } : {}),
      assert: defaults.assert.length === 0 ? test.assert : [...defaults.assert, ...test.assert],
      options,
      ...(threshold !== undefined ? { threshold } : {}),
      source: test.source,
    };
    if (defaults.varsFiles === undefined && test.varsFiles === undefined) {
      const all = Object.keys(defaults.vars).length === 0 ? test.vars : { ...defaults.vars, ...test.vars };
      if (!namesFiles(all)) {
        for (const vars of options.disableVarExpansion === true ? [all] : listCombinations(all)) into.push({ index: this.index++, ...base, vars: plainPreparedVars(vars) });
        return undefined;
      }
    }
    return this.addReadingFiles(test, base, into);
  }

  private async addReadingFiles(test: TestParts, base: Omit<TestCase, 'index' | 'vars'>, into: TestCase[]): Promise<void> {
    const { defaultTest: defaults, dir, access } = this.config;
    const fromFiles = async (files: string[] | undefined) => (files === undefined ? {} : located(test.source, () => varsFromFiles(files, dir, access)));
    const all = { ...(await fromFiles(defaults.varsFiles)), ...defaults.vars, ...(await fromFiles(test.varsFiles)), ...test.vars };
    const combinations = base.options.disableVarExpansion === true ? [all] : await located(test.source, () => varCombinations(all, dir, access));
    for (const vars of combinations) into.push({ index: this.index++, ...base, vars: await located(test.source, () => preparedVars(vars, dir, access)) });
  }
}

/** How many tests expandTests yields (for progress): tests files are read through, list vars expanded. */
export async function countTests(config: ExperimentConfig): Promise<number> {
  let count = 0;
  for await (const tests of expandTestBatches(config)) count += tests.length;
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
