// A grader's answer -> its verdict. Graders wrap the JSON in prose, a ```json fence or their reasoning,
// so the verdict is the last JSON object in the text that has a "pass"; anything else is a grading error
// that carries the grader's text. A verdict is never guessed: no "pass", or a score outside 0..1, is an
// error, not a pass.

import { describeValue, hasOwn, isPlainObject } from '../prompts/validation';
import { findJsonValues } from './json-in-text';
import type { GradingError, Verdict } from './types';

export function parseVerdict(text: string): Verdict | GradingError {
  const objects = findJsonValues(text).filter(isPlainObject);
  if (objects.length === 0) return { error: 'the grader did not answer with a JSON verdict {"pass", "score", "reason"}', text };
  const candidate = objects.filter((object) => hasOwn(object, 'pass')).pop();
  if (!candidate) return { error: 'the JSON the grader wrote has no "pass", so it is not a verdict', text };
  const { pass, score, reason } = candidate;
  if (typeof pass !== 'boolean') return { error: `the grader's "pass" must be true or false; got ${describeValue(pass)}`, text };
  if (score !== undefined && !(typeof score === 'number' && score >= 0 && score <= 1)) {
    return { error: `the grader's "score" must be a number from 0 to 1; got ${describeValue(score)}`, text };
  }
  if (reason !== undefined && typeof reason !== 'string') {
    return { error: `the grader's "reason" must be a string; got ${describeValue(reason)}`, text };
  }
  return { pass, score: score ?? (pass ? 1 : 0), reason: reason ?? '' };
}

export function isGradingError(answer: Verdict | GradingError): answer is GradingError {
  return 'error' in answer;
}
