// Reading assertions the way an experiment would, and judging one answer with one of them.

import * as assert from 'node:assert/strict';
import {
  AssertionProblem,
  evaluateCell,
  parseAssertion,
  type Assertion,
  type AssertionResult,
  type CellContext,
  type EvaluateOptions,
} from '../../../../src/core/judge';

export const where = { file: 'promptfooconfig.yaml', line: 12 };

export function parsed(raw: unknown): Assertion {
  const assertion = parseAssertion(raw, where);
  assert.ok(!(assertion instanceof AssertionProblem), assertion instanceof AssertionProblem ? assertion.message : '');
  return assertion;
}

export function problemOf(raw: unknown): string {
  const assertion = parseAssertion(raw, where);
  assert.ok(assertion instanceof AssertionProblem, `expected a problem for ${JSON.stringify(raw)}`);
  return assertion.message;
}

/** The verdict of one assertion on one answer. */
export function judgeOne(raw: unknown, output: string, options: Partial<EvaluateOptions> = {}, context: CellContext = { vars: {} }): AssertionResult {
  const outcome = evaluateCell({ status: 'ok', text: output }, [parsed(raw)], context, { trust: 'trusted', ...options });
  return outcome.results[0];
}
