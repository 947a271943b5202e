// `tests` (inline test cases and tests files) and `defaultTest`, with promptfoo's meaning. Test cases are
// checked by the same rules as the rows of a tests file (datasets/test-case-shape.ts); here each problem is
// placed at its line in the experiment file.

import glob from 'fast-glob';
import { datasetExtensions, datasetFormatOf, ignoredKeyDetail, testCaseShape, type TestCaseParts, type ValuePath } from '../../datasets';
import { describeNode, describeYamlValue, entryOf, keyPositionAt, nodeAt, plainValue, type YamlMap, type YamlNode } from '../../yaml/located-yaml';
import type { ProblemList } from './problem-list';
import { graderProblem } from './provider-id';
import type { Assertion, DefaultTest, InlineTest, SourcePosition } from './types';

export type TestSpec = InlineTest | (SourcePosition & { kind: 'file'; pattern: string });

interface CheckedTest {
  description?: string;
  threshold?: number;
  varsFiles?: string[];
  vars: Record<string, unknown>;
  assert: Assertion[];
  options: Record<string, unknown>;
}

const fileScheme = 'file://';
const defaultTestKeys = ['vars', 'assert', 'options', 'threshold'];
export const testsFileKinds = datasetExtensions.join(', ');

export function readTestSpecs(node: YamlNode, file: string, problems: ProblemList): TestSpec[] {
  if (node.kind === 'scalar' && node.value === null) return [];
  if (node.kind === 'scalar' && typeof node.value === 'string') {
    const spec = fileSpec(node.value, node.position, problems);
    return spec === undefined ? [] : [spec];
  }
  if (node.kind !== 'list') {
    problems.error(node.position, `\`tests\` must be a list of test cases (\`- vars: ...\`) and \`file://\` paths, or one \`file://\` path; got ${describeNode(node)}`);
    return [];
  }
  const specs: TestSpec[] = [];
  for (const item of node.items) {
    if (item.kind === 'scalar' && typeof item.value === 'string') {
      const spec = fileSpec(item.value, item.position, problems);
      if (spec !== undefined) specs.push(spec);
    } else if (item.kind === 'map') {
      const test = inlineTest(item, file, problems);
      if (test !== undefined) specs.push(test);
    } else {
      problems.error(item.position, `a test is a mapping such as \`{vars: {...}, assert: [...]}\`, or a \`file://\` path; got ${describeNode(item)}`);
    }
  }
  return specs;
}

/** `defaultTest: file://default.yaml`: the file's path as written, read when the config is loaded. */
export function defaultTestFile(node: YamlNode | undefined): string | undefined {
  if (node?.kind !== 'scalar' || typeof node.value !== 'string' || !node.value.startsWith(fileScheme)) return undefined;
  return node.value.slice(fileScheme.length).trim();
}

export function readDefaultTest(node: YamlNode | undefined, file: string, problems: ProblemList): DefaultTest {
  const none: DefaultTest = { vars: {}, assert: [], options: {} };
  if (node === undefined || (node.kind === 'scalar' && node.value === null) || defaultTestFile(node) !== undefined) return none;
  if (node.kind !== 'map') {
    problems.error(node.position, `\`defaultTest\` must be a mapping with \`vars\`, \`assert\` and \`options\`, or \`file://\` and the path of a YAML file of one; got ${describeNode(node)}`);
    return none;
  }
  const kept: YamlMap = { ...node, entries: [] };
  for (const entry of node.entries) {
    if (defaultTestKeys.includes(entry.key)) kept.entries.push(entry);
    else problems.ignore(`defaultTest.${entry.key}`, entry.keyPosition);
  }
  const parts = checkedParts(kept, file, problems);
  return parts === undefined
    ? none
    : { vars: parts.vars, assert: parts.assert, options: parts.options, ...(parts.threshold !== undefined ? { threshold: parts.threshold } : {}), ...(parts.varsFiles !== undefined ? { varsFiles: parts.varsFiles } : {}) };
}

/**
 * promptfoo's `scenarios`: each `{config, tests}` makes one test per config entry and test, its vars, options
 * and assertions the entry's with the test's over them (promptfoo's mergeScenarioTest), after `tests`.
 */
export function readScenarios(node: YamlNode, file: string, problems: ProblemList): InlineTest[] {
  if (node.kind === 'scalar' && node.value === null) return [];
  if (node.kind !== 'list') {
    problems.error(node.position, `\`scenarios\` must be a list of \`{config: [...], tests: [...]}\` written here (a scenarios file is not read here); got ${describeNode(node)}`);
    return [];
  }
  const merged: InlineTest[] = [];
  for (const scenario of node.items) {
    if (scenario.kind !== 'map') {
      problems.error(scenario.position, `a scenario is a mapping \`{config: [...], tests: [...]}\`; got ${describeNode(scenario)}`);
      continue;
    }
    for (const entry of scenario.entries) if (entry.key !== 'config' && entry.key !== 'tests' && entry.key !== 'description') problems.ignore(`scenarios[].${entry.key}`, entry.keyPosition);
    const data = scenarioList(entryOf(scenario, 'config')?.value, 'config', file, problems) ?? [];
    const tests = scenarioList(entryOf(scenario, 'tests')?.value, 'tests', file, problems) ?? [{ kind: 'inline', vars: {}, assert: [], options: {}, ...scenario.position } satisfies InlineTest];
    for (const one of data) for (const test of tests) merged.push(mergeScenarioTest(one, test));
  }
  return merged;
}

function scenarioList(node: YamlNode | undefined, key: 'config' | 'tests', file: string, problems: ProblemList): InlineTest[] | undefined {
  if (node === undefined) return undefined;
  if (node.kind !== 'list') {
    problems.error(node.position, `a scenario's \`${key}\` must be a list of test cases written here (a file is not read here); got ${describeNode(node)}`);
    return [];
  }
  return node.items.flatMap((item) => {
    if (item.kind === 'map') return inlineTest(item, file, problems) ?? [];
    problems.error(item.position, `a scenario's \`${key}\` lists test cases such as \`{vars: {...}}\`; got ${describeNode(item)}`);
    return [];
  });
}

function mergeScenarioTest(data: InlineTest, test: InlineTest): InlineTest {
  const description = test.description ?? data.description;
  const threshold = test.threshold ?? data.threshold;
  return {
    kind: 'inline',
    ...(description !== undefined ? { description } : {}),
    vars: { ...data.vars, ...test.vars },
    ...(data.varsFiles !== undefined || test.varsFiles !== undefined ? { varsFiles: [...(data.varsFiles ?? []), ...(test.varsFiles ?? [])] } : {}),
    assert: [...data.assert, ...test.assert],
    options: { ...data.options, ...test.options },
    ...(threshold !== undefined ? { threshold } : {}),
    line: test.line,
    column: test.column,
  };
}

function inlineTest(map: YamlMap, file: string, problems: ProblemList): InlineTest | undefined {
  const parts = checkedParts(map, file, problems);
  if (parts === undefined) return undefined;
  return {
    kind: 'inline',
    ...(parts.description !== undefined ? { description: parts.description } : {}),
    vars: parts.vars,
    assert: parts.assert,
    options: parts.options,
    ...(parts.threshold !== undefined ? { threshold: parts.threshold } : {}),
    ...(parts.varsFiles !== undefined ? { varsFiles: parts.varsFiles } : {}),
    ...map.position,
  };
}

function fileSpec(text: string, position: SourcePosition, problems: ProblemList): TestSpec | undefined {
  // promptfoo reads a string in `tests` as a path, with or without file://.
  const pattern = (text.startsWith(fileScheme) ? text.slice(fileScheme.length) : text).trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pattern)) {
    problems.error(position, `only local tests files are read here (\`file://cases.csv\`); \`${text}\` cannot be`);
    return undefined;
  }
  if (pattern === '') {
    problems.error(position, 'this tests path is empty; write `file://` and a path, such as `file://cases.csv`');
    return undefined;
  }
  if (!glob.isDynamicPattern(pattern) && datasetFormatOf(pattern) === undefined) {
    problems.error(position, `tests files here are ${testsFileKinds}; \`${pattern}\` cannot be read`);
    return undefined;
  }
  return { kind: 'file', pattern, ...position };
}

/** The parts of a test case, or undefined when any is unusable (its problems are reported). */
function checkedParts(map: YamlMap, file: string, problems: ProblemList): CheckedTest | undefined {
  const value = plainValue(map) as Record<string, unknown>;
  const shape = testCaseShape(value, describeYamlValue);
  for (const problem of shape.problems) {
    const node = nodeAt(map, problem.path);
    // A `$ref` left unresolved has had its own problem reported (config-refs.ts).
    if (node.kind === 'map' && entryOf(node, '$ref') !== undefined) continue;
    problems.error(node.position, problem.message);
  }
  for (const ignored of shape.ignored) {
    const key = ignored.kind === 'test' ? `tests[].${ignored.key}` : ignored.kind === 'option' ? `options.${ignored.key}` : `assert[].${ignored.key}`;
    problems.ignore(key, keyPositionAt(map, ignored.path), ignoredKeyDetail(ignored));
  }
  const before = problems.errors.length;
  checkGraders(shape.parts, (path, detail) => problems.error(nodeAt(map, path).position, detail));
  if (shape.problems.length > 0 || problems.errors.length > before) return undefined;
  const assert = (shape.parts.assert ?? []).map((assertion, index) => assertionOf(assertion, file, nodeAt(map, ['assert', index]).position));
  return { ...shape.parts, assert, options: shape.parts.options ?? {} };
}

/** Graders (`options.provider`, an assertion's `provider`) must be ScalarLM models too. */
export function checkGraders(parts: TestCaseParts, report: (path: ValuePath, detail: string) => void): void {
  if (parts.options !== undefined && parts.options.provider !== undefined) {
    const problem = graderProblem(parts.options.provider);
    if (problem !== undefined) report(['options', 'provider'], problem);
  }
  (parts.assert ?? []).forEach((assertion, index) => {
    if (assertion.provider === undefined) return;
    const problem = graderProblem(assertion.provider);
    if (problem !== undefined) report(['assert', index, 'provider'], problem);
  });
}

export function assertionOf(assertion: Record<string, unknown>, file: string, position: { line: number; column?: number }): Assertion {
  const kept: Assertion = { type: assertion.type as string, file, line: position.line, ...(position.column !== undefined ? { column: position.column } : {}) };
  if (assertion.value !== undefined) kept.value = assertion.value;
  if (typeof assertion.threshold === 'number') kept.threshold = assertion.threshold;
  if (typeof assertion.weight === 'number') kept.weight = assertion.weight;
  if (typeof assertion.metric === 'string') kept.metric = assertion.metric;
  if (assertion.provider !== undefined) kept.provider = assertion.provider;
  return kept;
}
