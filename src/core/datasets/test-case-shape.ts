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
  kind: 'test' | 'assertion' | 'option';
}

export interface TestCaseParts {
  vars: Record<string, unknown>;
  /** promptfoo's `vars: vars.yaml` (or a list of paths and globs): YAML files whose mappings are the vars. */
  varsFiles?: string[];
  description?: string;
  assert?: Record<string, unknown>[];
  options?: Record<string, unknown>;
  threshold?: number;
}

export interface TestCaseShape {
  parts: TestCaseParts;
  problems: ShapeProblem[];
  ignored: IgnoredKey[];
}

export const testCaseKeys = ['description', 'vars', 'assert', 'options', 'threshold'];
/** The test options read here: the grader and its rubric prompt, text put before and after the prompt, list vars kept whole. */
export const testOptionKeys = ['provider', 'prefix', 'suffix', 'disableVarExpansion', 'rubricPrompt'];
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
    else if (typeof object.vars === 'string' || (Array.isArray(object.vars) && object.vars.length > 0 && object.vars.every((item) => typeof item === 'string'))) parts.varsFiles = ([] as string[]).concat(object.vars);
    else problems.push({ path: ['vars'], message: `\`vars\` must be a mapping of variable names to values, or the path (or paths and globs) of YAML files of them; got ${describe(object.vars)}` });
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
  if (hasOwn(object, 'threshold') && object.threshold !== null && object.threshold !== undefined) {
    if (typeof object.threshold === 'number' && Number.isFinite(object.threshold)) parts.threshold = object.threshold;
    else problems.push({ path: ['threshold'], message: `\`threshold\` must be a number (the weighted score a cell must reach); got ${describe(object.threshold)}` });
  }
  if (hasOwn(object, 'options') && object.options !== null && object.options !== undefined) {
    if (isPlainObject(object.options)) {
      parts.options = object.options;
      for (const key of Object.keys(object.options)) {
        if (!testOptionKeys.includes(key)) ignored.push({ path: ['options', key], key, kind: 'option' });
      }
    } else problems.push({ path: ['options'], message: `\`options\` must be a mapping; got ${describe(object.options)}` });
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
    if (hasOwn(assertion, '$ref')) {
      problems.push({ path: at, message: `assertion ${index + 1} is a \`$ref\`, which is read only in the experiment file itself (such as "#/assertionTemplates/polite"); write the assertion here` });
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

/** What promptfoo does with a test option that is not done here, so the difference is said. */
const optionEffects: Record<string, string> = {
  transform: 'code promptfoo runs on each answer before it is judged; not run here, so the assertions judge the answer as it came',
  transformVars: 'code promptfoo runs on the vars before the prompt is rendered; not run here, so the vars are used as written',
  storeOutputAs: 'promptfoo keeps the answer as a var for the tests after it; not done here, so later tests do not get it',
  postprocess: 'code promptfoo runs on each answer before it is judged; not run here',
  disableDefaultAsserts: "promptfoo then leaves out defaultTest's assertions; here they are kept",
  runSerially: 'the order of sending is chosen by the batch runner here',
};

export function ignoredKeyDetail({ key, kind }: IgnoredKey): string {
  if (kind === 'option') {
    const effect = optionEffects[key];
    return effect === undefined ? `\`options.${key}\` of a test is not supported here and is ignored` : `\`options.${key}\` is ignored: ${effect}`;
  }
  return kind === 'test'
    ? `\`${key}\` in a test case is not supported here and is ignored`
    : `\`${key}\` in an assertion is not supported here and is ignored`;
}
