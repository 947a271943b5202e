// What "Preview Cells" shows for an experiment file: how many cells it makes (prompts x providers x tests x
// repeat), its problems, and the first cells with their rendered prompts, before anything is sent. The cell
// order is the matrix's reading order: test by test, each prompt on each provider.

import { ConfigError, countTests, expandTests, loadExperimentConfig, type ConfigProblem, type ExperimentConfig, type IgnoredConfigKey, type ProviderRef, type TestCase } from '../../core/experiments/config';
import { guardedRead, type FileAccess } from '../../core/files/file-access';
import { TemplateTrustError, type RenderOptions } from '../../core/templates';
import { loadExperimentPrompt, type ExperimentPrompt, type ReadText } from '../../core/experiments/experiment-prompts';
import { testText } from '../../core/experiments/experiment-cells';
import { oneLine, plural, shortValue } from './markdown-blocks';
import { isLocated, locatedText, notRenderedMarkdown, renderedMarkdown, type LocatedProblem } from './rendered-markdown';

export const CELLS_SHOWN = 20;

export interface CellsPreviewOptions {
  /** Reads the experiment file and the files it names (the editor passes unsaved text first). */
  readText: ReadText;
  /** Which files the experiment file may name. */
  access: FileAccess;
  trust: RenderOptions['trust'];
  displayPath: (file: string) => string;
  limit?: number;
}

export interface CellsPreview {
  text: string;
  /** Problems found by loading the files (missing prompt or tests files): the editor shows them on the file. */
  problems: (LocatedProblem & { severity: ConfigProblem['severity'] })[];
  /** The first refusal of Restricted Mode (a Jinja2 cell, a file outside the workspace): the editor offers to manage trust. */
  refusal?: TemplateTrustError;
}

type Loaded = { prompt: ExperimentPrompt } | { label: string; error: unknown };

export async function cellsPreview(path: string, options: CellsPreviewOptions): Promise<CellsPreview> {
  const limit = options.limit ?? CELLS_SHOWN;
  const title = `# Cells: ${options.displayPath(path)}`;
  let config: ExperimentConfig;
  try {
    config = await loadExperimentConfig(path, options.access, options.readText);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const problems = [...error.errors, ...error.problems];
    const text = [title, '', `The experiment cannot run: ${plural(error.errors.length, 'error')}.`, '', ...problemLines(problems, options)].join('\n');
    return { text: `${text}\n`, problems: problems.map(locatedConfigProblem), ...(error.refusal ? { refusal: error.refusal } : {}) };
  }

  const read = guardedRead(options.access, options.readText);
  const prompts: Loaded[] = await Promise.all(
    config.prompts.map((ref) =>
      loadExperimentPrompt(ref, config.file, read).then(
        (prompt) => ({ prompt }),
        (error: unknown) => ({ label: ref.label, error }),
      ),
    ),
  );
  const perTest = Math.max(1, config.prompts.length * config.providers.length);
  const { tests, error: testsError } = await firstTests(config, Math.ceil(limit / perTest));
  // A later test can fail to expand (a file:// var that is missing): then the count is unknown, as for an error seen.
  const testCount = testsError === undefined ? await countTests(config).catch(() => undefined) : undefined;

  const lines = [title, ''];
  if (config.description !== undefined) lines.push(`- Description: ${oneLine(config.description)}`);
  lines.push(`- ${countLine(config, testCount, tests.length, limit)}`);
  lines.push(`- Prompts: ${config.prompts.map((prompt) => prompt.label).join(', ')}`);
  lines.push(`- Providers: ${config.providers.map(providerText).join('; ')}`);
  const problems = [...config.problems, ...config.ignored.map(ignoredProblem)];
  if (problems.length > 0 || testsError !== undefined) {
    lines.push('', '## Problems', '', ...problemLines(problems, options));
    if (testsError !== undefined) lines.push(`- error ${errorText(testsError, options)} (the tests stop here)`);
  }
  const cells = cellSections(config, prompts, tests, limit, options);
  lines.push(...cells.lines);
  const refusal = testsError instanceof TemplateTrustError ? testsError : cells.refusal;
  return { text: `${lines.join('\n')}\n`, problems: [], ...(refusal !== undefined ? { refusal } : {}) };
}

async function firstTests(config: ExperimentConfig, count: number): Promise<{ tests: TestCase[]; error?: unknown }> {
  const tests: TestCase[] = [];
  try {
    for await (const test of expandTests(config)) {
      if (tests.length >= count) break;
      tests.push(test);
    }
    return { tests };
  } catch (error) {
    return { tests, error };
  }
}

function countLine(config: ExperimentConfig, testCount: number | undefined, shownTests: number, limit: number): string {
  const repeat = config.evaluateOptions.repeat;
  const factors = [plural(config.prompts.length, 'prompt'), plural(config.providers.length, 'provider'), testCount === undefined ? `at least ${plural(shownTests, 'test')}` : plural(testCount, 'test')];
  if (repeat > 1) factors.push(`repeat ${repeat}`);
  const cells = testCount === undefined ? undefined : config.prompts.length * config.providers.length * testCount * repeat;
  const total = cells === undefined ? 'cells' : plural(cells, 'cell');
  const shown = Math.min(limit, config.prompts.length * config.providers.length * shownTests);
  const repeats = repeat > 1 ? ' (each repeat renders the same prompt, so repeats are not listed)' : '';
  return `${factors.join(' × ')} = ${total}; the first ${shown} below${repeats}`;
}

function providerText(provider: ProviderRef): string {
  const model = provider.model === undefined ? "the deployment's default model" : provider.model;
  const settings = Object.entries(provider.config).map(([key, value]) => `${key} ${shortValue(value, 30)}`);
  return `${provider.label ?? provider.id} (${[model, ...settings].join(', ')})`;
}

function cellSections(config: ExperimentConfig, prompts: Loaded[], tests: TestCase[], limit: number, options: CellsPreviewOptions): { lines: string[]; refusal?: TemplateTrustError } {
  const lines: string[] = [];
  const found: { refusal?: TemplateTrustError } = {};
  const body = (loaded: Loaded, test: TestCase): string => {
    const rendered = cellBody(loaded, test, options);
    if (rendered.error instanceof TemplateTrustError) found.refusal ??= rendered.error;
    return rendered.text;
  };
  let number = 0;
  for (const test of tests) {
    for (const loaded of prompts) {
      let first: number | undefined;
      for (const provider of config.providers) {
        if (++number > limit) return { lines, ...found };
        const label = 'prompt' in loaded ? loaded.prompt.label : loaded.label;
        lines.push('', `## ${number}. ${oneLine(label, 50)} × ${provider.label ?? provider.id} × ${testLabel(test)}`, '');
        if (first !== undefined) {
          lines.push(`The same prompt as cell ${first}.`);
          continue;
        }
        first = number;
        lines.push(...varsLines(test, options), '', body(loaded, test));
      }
    }
  }
  return { lines, ...found };
}

function cellBody(loaded: Loaded, test: TestCase, options: CellsPreviewOptions): { text: string; error?: unknown } {
  if (!('prompt' in loaded)) return { text: notRenderedMarkdown(loaded.error, options.displayPath, '###'), error: loaded.error };
  try {
    return { text: renderedMarkdown(loaded.prompt.render(test.vars, { trust: options.trust }, testText(test))) };
  } catch (error) {
    return { text: notRenderedMarkdown(error, options.displayPath, '###'), error };
  }
}

function testLabel(test: TestCase): string {
  if (test.description !== undefined) return oneLine(test.description, 50);
  const vars = Object.entries(test.vars).map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return vars.length === 0 ? `test ${test.index + 1}` : oneLine(vars.join(', '), 50);
}

function varsLines(test: TestCase, options: CellsPreviewOptions): string[] {
  const entries = Object.entries(test.vars);
  const source = `- Test ${test.index + 1} (${options.displayPath(test.source.file)}:${test.source.line})`;
  return entries.length === 0 ? [source, '- Variables: none'] : [source, '- Variables:', ...entries.map(([name, value]) => `  - ${name}: ${shortValue(value)}`)];
}

function problemLines(problems: ConfigProblem[], options: CellsPreviewOptions): string[] {
  return problems.map((problem) => `- ${problem.severity === 'info' ? 'ignored' : problem.severity} ${locatedText(problem, options.displayPath)}`);
}

function errorText(error: unknown, options: CellsPreviewOptions): string {
  if (isLocated(error)) return locatedText(error, options.displayPath);
  return error instanceof Error ? error.message : String(error);
}

/** An ignored key as the problem it is reported as while typing (severity info). */
function ignoredProblem(ignored: IgnoredConfigKey): ConfigProblem {
  const prefix = `${ignored.file}:${ignored.line}:${ignored.column}: `;
  const detail = ignored.message.startsWith(prefix) ? ignored.message.slice(prefix.length) : ignored.message;
  return { severity: 'info', file: ignored.file, line: ignored.line, column: ignored.column, detail, message: ignored.message };
}

function locatedConfigProblem(problem: ConfigProblem): LocatedProblem & { severity: ConfigProblem['severity'] } {
  return { file: problem.file, line: problem.line, column: problem.column, detail: problem.detail, severity: problem.severity };
}
