// The deterministic assertion types, one row each: what value a type takes, and the check it compiles to.
// A check answers whether its property holds of the output; `not-` and scoring are applied by the caller,
// the same way for every row (pass = holds, or its opposite; score 1 or 0, as promptfoo scores them).

import { isDeepStrictEqual } from 'node:util';
import { distance } from 'fastest-levenshtein';
import { describeValue } from '../prompts/validation';
import { findJsonValues } from './json-in-text';
import { compileSchema, type SchemaCheck } from './json-schema';
import { quote, quoteList, shownChars } from './quote';
import type { DeterministicType, Finding } from './types';
import { parseValueList } from './value-list';

export interface CompiledCheck {
  value: unknown;
  test(output: string): Finding;
  /** Completes "Expected output to [not] ...". */
  expectation: string;
}

interface CheckRow {
  /** Says what the value must be, for the message when it is missing or wrong. */
  wants: string;
  valueRequired: boolean;
  /** Whether `threshold` means something for this type (else it is reported as ignored). */
  usesThreshold?: boolean;
  /** Compiles the value, or returns why it cannot be used. */
  compile(value: unknown, threshold: number | undefined): CompiledCheck | string;
}

export const defaultLevenshteinThreshold = 5;

const substring = (fold: boolean): CheckRow => ({
  wants: 'the text the output must contain (a string or a number)',
  valueRequired: true,
  compile(value) {
    if (!isText(value)) return `must be a non-empty string or a number; got ${describeValue(value)}`;
    const needle = fold ? String(value).toLowerCase() : String(value);
    return {
      value,
      test: (output) => ({ holds: (fold ? output.toLowerCase() : output).includes(needle) }),
      expectation: `contain ${quote(String(value))}${fold ? ' (ignoring case)' : ''}`,
    };
  },
});

const listed = (mode: 'any' | 'all', fold: boolean): CheckRow => ({
  wants: 'a list of strings, or one string of comma-separated items',
  valueRequired: true,
  compile(value) {
    const items = listItems(value);
    if (typeof items === 'string') return items;
    const needles = items.map((item) => (fold ? item.toLowerCase() : item));
    const caseNote = fold ? ' (ignoring case)' : '';
    return {
      value: items,
      test(output) {
        const haystack = fold ? output.toLowerCase() : output;
        if (mode === 'any') {
          const found = needles.findIndex((needle) => haystack.includes(needle));
          return found === -1 ? { holds: false, detail: 'none of them is there' } : { holds: true, detail: `found ${quote(items[found])}` };
        }
        const missing = items.filter((_, at) => !haystack.includes(needles[at]));
        return missing.length === 0 ? { holds: true } : { holds: false, detail: `missing ${quoteList(missing)}` };
      },
      expectation: `contain ${mode === 'any' ? 'one' : 'all'} of ${quoteList(items)}${caseNote}`,
    };
  },
});

const json = (where: 'is' | 'contains'): CheckRow => ({
  wants: 'optionally, a JSON Schema (an object, or its JSON text) the JSON must match',
  valueRequired: false,
  compile(value) {
    const schema = schemaOf(value);
    if (typeof schema === 'string') return schema;
    const expectation = `${where === 'is' ? 'be' : 'contain'} ${schema ? 'JSON matching the schema' : 'valid JSON'}`;
    const test = where === 'is' ? (output: string) => isJson(output, schema) : (output: string) => containsJson(output, schema);
    return { value, test, expectation };
  },
});

export const deterministicChecks: Record<DeterministicType, CheckRow> = {
  equals: {
    wants: 'the exact expected output (a string; an object or a list is compared as JSON)',
    valueRequired: true,
    compile(value) {
      if (typeof value === 'object' && value !== null) {
        return {
          value,
          test: (output) => ({ holds: isDeepStrictEqual(parsedOrUndefined(output), value) }),
          expectation: `equal the JSON ${quote(JSON.stringify(value))}`,
        };
      }
      if (!['string', 'number', 'boolean'].includes(typeof value)) return `must be a string, a number, an object or a list; got ${describeValue(value)}`;
      const expected = String(value);
      return { value, test: (output) => (output === expected ? { holds: true } : { holds: false, ...whereTheyDiffer(output, expected) }), expectation: `equal ${quote(expected)}` };
    },
  },
  contains: substring(false),
  icontains: substring(true),
  'contains-any': listed('any', false),
  'contains-all': listed('all', false),
  'icontains-any': listed('any', true),
  'icontains-all': listed('all', true),
  'starts-with': {
    wants: 'the text the output must start with',
    valueRequired: true,
    compile(value) {
      if (typeof value !== 'string' || value === '') return `must be a non-empty string; got ${describeValue(value)}`;
      const prefix = String(value);
      return { value, test: (output) => ({ holds: output.startsWith(prefix) }), expectation: `start with ${quote(prefix)}` };
    },
  },
  regex: {
    wants: 'a regular expression (JavaScript syntax, without slashes or flags)',
    valueRequired: true,
    compile(value) {
      if (typeof value !== 'string' || value === '') return `must be a non-empty string; got ${describeValue(value)}`;
      let pattern: RegExp;
      try {
        pattern = new RegExp(value);
      } catch (error) {
        return `is not a valid regular expression: ${(error as Error).message}`;
      }
      return { value, test: (output) => ({ holds: pattern.test(output) }), expectation: `match the regular expression ${quote(value)}` };
    },
  },
  'is-json': json('is'),
  'contains-json': json('contains'),
  levenshtein: {
    wants: 'the expected text; threshold is the largest edit distance that passes (default 5)',
    valueRequired: true,
    usesThreshold: true,
    compile(value, threshold) {
      if (typeof value !== 'string') return `must be a string; got ${describeValue(value)}`;
      const most = threshold ?? defaultLevenshteinThreshold;
      return {
        value,
        test(output) {
          const edits = distance(output, value);
          return { holds: edits <= most, detail: `the distance is ${edits}` };
        },
        expectation: `be within Levenshtein distance ${most} of ${quote(value)}`,
      };
    },
  },
};

/** Where two long texts part, which their cut quotes may not show; nothing when both are shown whole. */
function whereTheyDiffer(output: string, expected: string): { detail?: string } {
  if (output.length <= shownChars && expected.length <= shownChars) return {};
  let at = 0;
  while (at < output.length && at < expected.length && output[at] === expected[at]) at++;
  if (at === output.length) return { detail: `the output ends after character ${at}, where the expected text goes on` };
  if (at === expected.length) return { detail: `the output goes on past the end of the expected text, from character ${at + 1}` };
  return { detail: `they differ from character ${at + 1}` };
}

function isText(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function listItems(value: unknown): string[] | string {
  let items: unknown[];
  if (typeof value === 'string') {
    const parsed = parseValueList(value);
    if ('problem' in parsed) return `cannot be read as a comma-separated list: ${parsed.problem}`;
    items = parsed.items;
  } else if (Array.isArray(value)) {
    items = value;
  } else {
    return `must be a list, or a string of comma-separated items; got ${describeValue(value)}`;
  }
  if (items.length === 0) return 'must name at least one item';
  const bad = items.findIndex((item) => !isText(item));
  if (bad !== -1) return `item ${bad + 1} must be a non-empty string or a number; got ${describeValue(items[bad])}`;
  return items.map(String);
}

/** undefined: no schema; a string: why the value is not one. */
function schemaOf(value: unknown): SchemaCheck | undefined | string {
  if (value === undefined || value === null || value === '') return undefined;
  let schema: unknown = value;
  if (typeof value === 'string') {
    try {
      schema = JSON.parse(value);
    } catch (error) {
      return `is not a JSON Schema: the text is not JSON (${(error as Error).message}); write the schema as an object in the file, or as JSON text`;
    }
  }
  if (typeof schema !== 'object' && typeof schema !== 'boolean') return `must be a JSON Schema: an object (or true/false); got ${describeValue(schema)}`;
  const compiled = compileSchema(schema as object | boolean);
  return 'problem' in compiled ? `is not a valid JSON Schema: ${compiled.problem}` : compiled;
}

function isJson(output: string, schema: SchemaCheck | undefined): Finding {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch (error) {
    return { holds: false, detail: `it is not JSON (${(error as Error).message})` };
  }
  if (!schema) return { holds: true };
  const check = schema(parsed);
  return check.valid ? { holds: true } : { holds: false, detail: `it does not match: ${check.errors}` };
}

function containsJson(output: string, schema: SchemaCheck | undefined): Finding {
  const values = findJsonValues(output);
  if (values.length === 0) return { holds: false, detail: 'no JSON object or array was found' };
  if (!schema) return { holds: true };
  let firstErrors = '';
  for (const value of values) {
    const check = schema(value);
    if (check.valid) return { holds: true };
    firstErrors ||= check.errors;
  }
  const count = values.length === 1 ? 'the JSON found does' : `none of the ${values.length} JSON values found does`;
  return { holds: false, detail: `${count} not match: ${firstErrors}` };
}

function parsedOrUndefined(output: string): unknown {
  try {
    return JSON.parse(output) as unknown;
  } catch {
    return undefined;
  }
}
