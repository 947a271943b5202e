// A test's assertions read once, where they are written: a CSV's `__expected` shorthand turned into the assertion
// it names (with its row's metric and threshold), the test's rubricPrompt given to its llm-rubric, and, when the
// test's vars are at hand, the values rendered with them as promptfoo does. The config loader checks them with
// this, and the judge of an experiment's cells reads them with it.

import { AssertionProblem, expectedToAssertion, parseAssertions, type Assertion } from '../../judge';
import { renderedAssertion, ValueRefusal, type ValueRendering } from './assertion-values';
import type { Assertion as ConfigAssertion } from './types';

export interface TestAssertions {
  assertions: Assertion[];
  problems: AssertionProblem[];
}

/**
 * A test's assertions as given, each read where it is written; `__expected` cells become their assertion.
 * With `rendering`, their values are rendered with the test's vars first, as promptfoo does.
 */
export function readAssertions(raws: readonly ConfigAssertion[] | undefined, rendering?: ValueRendering, options?: Record<string, unknown>): TestAssertions {
  const judged = assertionsAsJudged(raws, rendering, options);
  const { list } = judged;
  const parsed = parseAssertions(list.map(({ file: _file, line: _line, column: _column, ...assertion }) => assertion), (index) => ({ file: list[index].file, line: list[index].line }));
  return { assertions: parsed.assertions, problems: [...judged.problems, ...parsed.problems] };
}

/** The assertions as they are judged: `__expected` cells read, values rendered; those that cannot be, as problems. */
export function assertionsAsJudged(raws: readonly ConfigAssertion[] | undefined, rendering?: ValueRendering, options?: Record<string, unknown>): { list: ConfigAssertion[]; problems: AssertionProblem[] } {
  const problems: AssertionProblem[] = [];
  const list: ConfigAssertion[] = [];
  const rubricPrompt = rubricPromptOf(options);
  for (const raw of raws ?? []) {
    const read = raw.type === '__expected' ? ({ ...fromExpected(raw), file: raw.file, line: raw.line } as ConfigAssertion) : raw;
    const assertion = rubricPrompt !== undefined && read.type.replace(/^not-/, '') === 'llm-rubric' ? { ...read, rubricPrompt } : read;
    if (assertion.rubricPrompt !== undefined && rendering?.trust === 'restricted' && /\{[{%#]/.test(assertion.rubricPrompt)) {
      problems.push(new AssertionProblem(raw, "the test's options.rubricPrompt is a template, rendered only in trusted workspaces (and the CLI): trust this folder to grade with it", true));
      continue;
    }
    const rendered = rendering === undefined ? assertion : renderedAssertion(assertion, rendering);
    if (rendered instanceof ValueRefusal) problems.push(new AssertionProblem(raw, rendered.refused, rendered.needsTrust));
    else list.push(rendered);
  }
  return { list, problems };
}

/** The test's `options.rubricPrompt` as a template text: a string, or chat messages written as YAML. */
function rubricPromptOf(options: Record<string, unknown> | undefined): string | undefined {
  const given = options?.rubricPrompt;
  if (given === undefined || given === null) return undefined;
  return typeof given === 'string' ? given : JSON.stringify(given);
}

/** A CSV `__expected…` cell as its assertion, with its row's `__metric` and its `__config:…:threshold`. */
function fromExpected({ value, metric, threshold }: Omit<ConfigAssertion, 'file' | 'line' | 'column'>): Record<string, unknown> {
  const assertion = expectedToAssertion(String(value)) ?? { type: 'equals', value };
  return { ...assertion, ...(metric !== undefined ? { metric } : {}), ...(threshold !== undefined ? { threshold } : {}) };
}
