// promptfoo's one-assertion shorthand, as written in a CSV test file's `__expected` column (and
// `__expected1`, `__expected2`, ...): `type:value` or `type(threshold):value`, `not-` to negate, a few
// prefixes of its own, and plain text meaning `equals`. The result is a raw assertion, checked like any
// other (so `similar:...` reads as promptfoo's type and is then reported as not supported here).
//
// A list (contains-any:a,b) keeps its text, which the list type splits itself (the same items, and quoted
// items may hold commas). levenshtein without (N) gets promptfoo's CSV threshold of 0.75, as there: a distance
// of 0, an exact match (an assertion written in YAML without a threshold gets the default distance of 5).

import { promptfooOnlyTypes, supportedTypes } from './assertion-types';

const javascriptPrefixes = ['javascript:', 'fn:', 'eval:'];
const rubricPrefixes = ['grade:', 'llm-rubric:'];
const javascriptFile = /\.(js|cjs|mjs|ts|cts|mts)(:[\w$]+)?$/;
const pythonFile = /\.py(:[\w$]+)?$/;

let shorthand: RegExp | undefined;

function shorthandPattern(): RegExp {
  if (!shorthand) {
    const names = [...supportedTypes, ...promptfooOnlyTypes].join('|');
    shorthand = new RegExp(`^(not-)?(${names})(?:\\((\\d+(?:\\.\\d+)?)\\))?(?::([\\s\\S]*))?$`);
  }
  return shorthand;
}

/** The raw assertion an `__expected` cell stands for; undefined for a blank cell (which promptfoo skips). */
export function expectedToAssertion(text: string): Record<string, unknown> | undefined {
  const expected = text.trim();
  if (expected === '') return undefined;
  const javascript = javascriptPrefixes.find((prefix) => expected.startsWith(prefix));
  if (javascript) return { type: 'javascript', value: expected.slice(javascript.length).trim() };
  if (expected.startsWith('file://') && javascriptFile.test(expected)) return { type: 'javascript', value: expected };
  const rubric = rubricPrefixes.find((prefix) => expected.startsWith(prefix));
  if (rubric) return { type: 'llm-rubric', value: expected.slice(rubric.length).trim() };
  if (expected.startsWith('python:')) return { type: 'python', value: expected.slice('python:'.length).trim() };
  if (expected.startsWith('file://') && pythonFile.test(expected)) return { type: 'python', value: expected };

  const match = shorthandPattern().exec(expected);
  if (!match) return { type: 'equals', value: expected };
  const [, not, type, threshold, value] = match;
  const raw: Record<string, unknown> = { type: `${not ?? ''}${type}` };
  if (value !== undefined) raw.value = type === 'is-json' || type === 'contains-json' ? value : value.trim();
  if (threshold !== undefined) raw.threshold = Number.parseFloat(threshold);
  else if (type === 'levenshtein') raw.threshold = 0.75;
  return raw;
}
