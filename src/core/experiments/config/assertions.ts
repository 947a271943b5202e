// A test's assertions read once, where they are written: a CSV's `__expected` shorthand turned into the assertion
// it names. The config loader checks them with this, and the judge of an experiment's cells reads them with it.

import { expectedToAssertion, parseAssertions, type Assertion, type AssertionProblem } from '../../judge';
import type { Assertion as ConfigAssertion } from './types';

export interface TestAssertions {
  assertions: Assertion[];
  problems: AssertionProblem[];
}

/** A test's assertions as given, each read where it is written; `__expected` cells become their assertion. */
export function readAssertions(raws: readonly ConfigAssertion[] | undefined): TestAssertions {
  const list = raws ?? [];
  const given = list.map(({ file: _file, line: _line, column: _column, ...assertion }): Record<string, unknown> => (assertion.type === '__expected' ? (expectedToAssertion(String(assertion.value)) ?? { type: 'equals', value: assertion.value }) : assertion));
  return parseAssertions(given, (index) => ({ file: list[index].file, line: list[index].line }));
}
