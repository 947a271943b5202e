// An assertion as written in an experiment file -> a compiled Assertion, or a problem that says what to
// write instead. Everything that can be wrong is found here, before any prompt is sent: the type, the
// value, a regular expression, a JSON Schema, the syntax of a javascript assertion (compiled, never run),
// threshold, weight, metric, a grader provider.

import { closest, distance } from 'fastest-levenshtein';
import { describeValue, isPlainObject } from '../prompts/validation';
import { AssertionProblem, type AssertionLocation } from './assertion-problem';
import { isModelGradedType, isSupportedType, promptfooOnlyTypes, supportedTypes, usesThreshold } from './assertion-types';
import { deterministicChecks } from './deterministic';
import { compileJavascript } from './javascript';
import type { Assertion, BaseType } from './types';

const commonKeys = new Set(['type', 'value', 'threshold', 'weight', 'metric']);

export type Where = AssertionLocation | ((index: number) => AssertionLocation);

type Common = Omit<Assertion, 'kind' | 'base' | 'value' | 'test' | 'expectation' | 'script' | 'provider'>;

export function parseAssertion(raw: unknown, where: AssertionLocation): Assertion | AssertionProblem {
  const problem = (detail: string) => new AssertionProblem(where, detail);
  if (!isPlainObject(raw)) {
    return problem(`an assertion must be an object such as {type: contains, value: "Paris"}; got ${describeValue(raw)}`);
  }
  if (typeof raw.type !== 'string' || raw.type === '') {
    return problem(`the assertion has no "type"; write one of: ${supportedTypes.join(', ')} (with "not-" in front to negate)`);
  }
  const type = raw.type;
  const inverse = type.startsWith('not-');
  const base = inverse ? type.slice('not-'.length) : type;
  if (!isSupportedType(base)) return problem(unknownType(type, base));
  const common = commonOf(raw, type, base, where);
  if (typeof common === 'string') return problem(`"${type}": ${common}`);
  const built = assertionOf(raw.value, raw.provider, base, common, typeof raw.rubricPrompt === 'string' && base === 'llm-rubric' ? raw.rubricPrompt : undefined);
  return typeof built === 'string' ? problem(`"${type}"${built}`) : built;
}

/** Everything but the value; a string says what is wrong. */
function commonOf(raw: Record<string, unknown>, type: string, base: BaseType, where: AssertionLocation): Common | string {
  const numbers: Record<'threshold' | 'weight', number | undefined> = { threshold: undefined, weight: undefined };
  for (const key of ['threshold', 'weight'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `"${key}" must be a number; got ${describeValue(value)}`;
    numbers[key] = value;
  }
  const { threshold, weight } = numbers;
  if (weight !== undefined && weight < 0) return `"weight" must be 0 or more (0 makes the assertion informational); got ${weight}`;
  if (base === 'levenshtein' && threshold !== undefined && threshold < 0) {
    return `"threshold" is the largest edit distance that passes, so it must be 0 or more; got ${threshold}`;
  }
  const metric = raw.metric;
  if (metric !== undefined && (typeof metric !== 'string' || metric === '')) {
    return `"metric" must be a non-empty name for grouping scores; got ${describeValue(metric)}`;
  }
  const ignoredKeys = Object.keys(raw).filter((key) => !commonKeys.has(key) && !(key === 'provider' && isModelGradedType(base)) && !(key === 'rubricPrompt' && base === 'llm-rubric'));
  if (threshold !== undefined && !usesThreshold(base)) ignoredKeys.push('threshold');
  return { type, inverse: type !== base, threshold, weight: weight ?? 1, metric, ignoredKeys, where };
}

/** The assertion of its kind; a string continues the message after the quoted type. */
function assertionOf(value: unknown, provider: unknown, base: BaseType, common: Common, rubricPrompt: string | undefined): Assertion | string {
  if (base === 'javascript') {
    if (typeof value !== 'string' || value.trim() === '') {
      return ` needs a "value": an expression over output and context, such as output.includes('Paris')`;
    }
    if (value.startsWith('file://')) return `: code from a file (${value}) is not supported; write the expression or function body inline`;
    const script = compileJavascript(value, common.where.file);
    return 'problem' in script ? `: the code does not parse: ${script.problem}` : { ...common, kind: 'javascript', base, value, script };
  }
  if (isModelGradedType(base)) {
    const wants = base === 'llm-rubric' ? 'the rubric the grader applies' : 'the reference answer the output must agree with';
    // A rubricPrompt may hold the criteria itself, as promptfoo allows: then the value may be left out.
    const given = typeof value === 'string' && value.trim() !== '';
    if (!given && rubricPrompt === undefined) return ` needs a "value": ${wants} (a non-empty string)${base === 'llm-rubric' ? ', or options.rubricPrompt with the criteria' : ''}`;
    if (value !== undefined && typeof value !== 'string') return ` needs a "value": ${wants} (a non-empty string)`;
    const grader = providerId(provider);
    if (typeof grader === 'object') return `: ${grader.problem}`;
    return { ...common, kind: 'model-graded', base, value: given ? (value as string) : '', provider: grader, ...(rubricPrompt !== undefined ? { rubricPrompt } : {}) };
  }
  const row = deterministicChecks[base];
  if ((value === undefined || value === null) && row.valueRequired) return ` needs a "value": ${row.wants}`;
  const compiled = row.compile(value, common.threshold);
  if (typeof compiled === 'string') return `: "value" ${compiled}`;
  return { ...common, kind: 'deterministic', base, value: compiled.value, test: compiled.test, expectation: compiled.expectation };
}

/** Parses every assertion; each problem is located by `where` (one place, or one per index). */
export function parseAssertions(raws: readonly unknown[], where: Where): { assertions: Assertion[]; problems: AssertionProblem[] } {
  const assertions: Assertion[] = [];
  const problems: AssertionProblem[] = [];
  raws.forEach((raw, index) => {
    const parsed = parseAssertion(raw, typeof where === 'function' ? where(index) : where);
    if (parsed instanceof AssertionProblem) problems.push(parsed);
    else assertions.push(parsed);
  });
  return { assertions, problems };
}

/** The problems of a list of assertions, for diagnostics before anything is sent. */
export function checkAssertions(raws: readonly unknown[], where: Where): AssertionProblem[] {
  return parseAssertions(raws, where).problems;
}

/**
 * A grader named by a config (`provider` on the assertion, `options.provider` of a test or defaultTest):
 * a `scalarlm:` id, as a string, as {id}, or as the `text` grader of promptfoo's grader map. undefined when
 * none is named.
 */
export function providerId(raw: unknown): string | undefined | { problem: string } {
  if (raw === undefined) return undefined;
  // promptfoo's grader map ({text, embedding, classification}): its `text` grader grades here.
  if (isPlainObject(raw) && raw.id === undefined && raw.text !== undefined) return providerId(raw.text);
  const id = isPlainObject(raw) ? raw.id : raw;
  if (typeof id === 'string' && id.startsWith('scalarlm:')) return id;
  const shown = typeof id === 'string' ? `"${id}"` : describeValue(raw);
  return {
    problem: `the grader "provider" must be a ScalarLM model id such as "scalarlm:my-model" (only ScalarLM deployments are run); got ${shown}`,
  };
}

function unknownType(type: string, base: string): string {
  const known = `Supported types: ${supportedTypes.join(', ')}; any of them can be negated with "not-".`;
  if (promptfooOnlyTypes.has(base)) return `promptfoo's "${type}" assertion is not supported here. ${known}`;
  const candidates = supportedTypes.flatMap((name) => [name, `not-${name}`]);
  const guess = closest(type, candidates);
  const near = distance(type, guess) <= Math.max(2, Math.floor(type.length / 3));
  return `unknown assertion type "${type}"${near ? `; did you mean "${guess}"?` : '.'} ${known}`;
}
