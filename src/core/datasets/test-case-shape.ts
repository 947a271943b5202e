// The shape of one test case, `{description, vars, assert, options}`, checked on plain values so that every
// reader uses the same rules: the datasets (JSONL, JSON, YAML rows) and the experiment config's inline tests
// and defaultTest. Problems carry the path to the part they are about; each reader turns it into a line.

import { describeValue, hasOwn, isPlainObject } from '../prompts/validation';

export type ValuePath = (string | number)[];

export interface ShapeProblem {
  path: ValuePath;
  message: string;
}

/** A key that is read but has no effect here; `kind` groups them for "reported once". */
export interface IgnoredKey {
  path: ValuePath;
  key: string;
  kind: 'test' | 'assertion';
}

export interface TestCaseParts {
  vars: Record<string, unknown>;
  description?: string;
  assert?: Record<string, unknown>[];
  options?: Record<string, unknown>;
}

export interface TestCaseShape {
  parts: TestCaseParts;
  problems: ShapeProblem[];
  ignored: IgnoredKey[];
}

export const testCaseKeys = ['description', 'vars', 'assert', 'options'];
export const assertionKeys = ['type', 'value', 'threshold', 'weight', 'metric', 'provider'];

/** Names a value in a message: JSON's words by default, YAML's for YAML sources. */
export type Describe = (value: unknown) => string;

/** `object` is a test case: its `vars` (optional) are the variables. */
export function testCaseShape(object: Record<string, unknown>, describe: Describe = describeValue): TestCaseShape {
  const problems: ShapeProblem[] = [];
  const ignored: IgnoredKey[] = [];
  const parts: TestCaseParts = { vars: {} };
  for (const key of Object.keys(object)) {
    if (!testCaseKeys.includes(key)) ignored.push({ path: [key], key, kind: 'test' });
  }
  if (hasOwn(object, 'vars') && object.vars !== null && object.vars !== undefined) {
    if (isPlainObject(object.vars)) parts.vars = object.vars;
    else problems.push({ path: ['vars'], message: `\`vars\` must be a mapping of variable names to values; got ${describe(object.vars)}` });
  }
  if (hasOwn(object, 'description') && object.description !== null && object.description !== undefined) {
    if (typeof object.description === 'string') parts.description = object.description;
    else problems.push({ path: ['description'], message: `\`description\` must be a string; got ${describe(object.description)}` });
  }
  if (hasOwn(object, 'assert') && object.assert !== null && object.assert !== undefined) {
    const checked = assertListShape(object.assert, ['assert'], describe);
    problems.push(...checked.problems);
    ignored.push(...checked.ignored);
    if (checked.problems.length === 0) parts.assert = object.assert as Record<string, unknown>[];
  }
  if (hasOwn(object, 'options') && object.options !== null && object.options !== undefined) {
    if (isPlainObject(object.options)) parts.options = object.options;
    else problems.push({ path: ['options'], message: `\`options\` must be a mapping; got ${describe(object.options)}` });
  }
  return { parts, problems, ignored };
}

/** An `assert` value: a list of objects, each with a string `type`; the judge checks the types themselves. */
export function assertListShape(value: unknown, path: ValuePath, describe: Describe = describeValue): { problems: ShapeProblem[]; ignored: IgnoredKey[] } {
  const problems: ShapeProblem[] = [];
  const ignored: IgnoredKey[] = [];
  if (!Array.isArray(value)) {
    problems.push({ path, message: `\`assert\` must be a list of assertions such as \`- type: contains\`; got ${describe(value)}` });
    return { problems, ignored };
  }
  value.forEach((assertion, index) => {
    const at = [...path, index];
    if (!isPlainObject(assertion)) {
      problems.push({ path: at, message: `assertion ${index + 1} must be a mapping with a \`type\`, such as \`{type: contains, value: Paris}\`; got ${describe(assertion)}` });
      return;
    }
    if (typeof assertion.type !== 'string' || assertion.type.trim() === '') {
      const got = hasOwn(assertion, 'type') ? `got ${describe(assertion.type)}` : 'it has none';
      problems.push({ path: hasOwn(assertion, 'type') ? [...at, 'type'] : at, message: `assertion ${index + 1} needs a \`type\` string such as \`contains\` or \`llm-rubric\`; ${got}` });
    }
    for (const key of ['threshold', 'weight'] as const) {
      if (hasOwn(assertion, key) && assertion[key] !== null && (typeof assertion[key] !== 'number' || !Number.isFinite(assertion[key]))) {
        problems.push({ path: [...at, key], message: `\`${key}\` of assertion ${index + 1} must be a number; got ${describe(assertion[key])}` });
      }
    }
    if (hasOwn(assertion, 'metric') && assertion.metric !== null && typeof assertion.metric !== 'string') {
      problems.push({ path: [...at, 'metric'], message: `\`metric\` of assertion ${index + 1} must be a string; got ${describe(assertion.metric)}` });
    }
    for (const key of Object.keys(assertion)) {
      if (!assertionKeys.includes(key)) ignored.push({ path: [...at, key], key, kind: 'assertion' });
    }
  });
  return { problems, ignored };
}

export function ignoredKeyDetail({ key, kind }: IgnoredKey): string {
  return kind === 'test'
    ? `\`${key}\` in a test case is not supported here and is ignored`
    : `\`${key}\` in an assertion is not supported here and is ignored`;
}
