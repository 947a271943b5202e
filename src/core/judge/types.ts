// The judge's vocabulary: an assertion as read from an experiment file, what it says about one answer,
// and a cell's outcome. The meanings follow promptfoo's (types, `not-`, threshold, weight, metric), so an
// existing promptfoo config judges the same here.

import type { ChatMessage } from '../api/types';
import type { AssertionLocation } from './assertion-problem';

export type DeterministicType =
  | 'equals'
  | 'contains'
  | 'icontains'
  | 'contains-any'
  | 'contains-all'
  | 'icontains-any'
  | 'icontains-all'
  | 'starts-with'
  | 'regex'
  | 'is-json'
  | 'contains-json'
  | 'levenshtein';

export type ModelGradedType = 'llm-rubric' | 'factuality';

export type BaseType = DeterministicType | 'javascript' | ModelGradedType;

/** Whether code from the workspace may run: the CLI and trusted workspaces are 'trusted'. */
export type Trust = 'trusted' | 'restricted';

/** What a check found, before `not-` turns it round. */
export interface Finding {
  holds: boolean;
  /** Why, in a few words, when it helps (the missing strings, the schema errors, the distance). */
  detail?: string;
}

interface AssertionCommon {
  /** As written, with its `not-` prefix: what results and messages show. */
  type: string;
  inverse: boolean;
  /** The value after normalising (a comma-separated list split, a JSON Schema text parsed). */
  value: unknown;
  threshold?: number;
  /** 1 unless set; 0 makes the assertion informational: shown, never counted. */
  weight: number;
  metric?: string;
  /** Keys that have no effect here, for the caller to report once as ignored. */
  ignoredKeys: string[];
  where: AssertionLocation;
}

export interface DeterministicAssertion extends AssertionCommon {
  kind: 'deterministic';
  base: DeterministicType;
  /** The compiled check (regex, schema validator, list) applied to one output. */
  test(output: string): Finding;
  /** What the output was expected to do, for "Expected output to [not] ...". */
  expectation: string;
}

export interface JavascriptAssertion extends AssertionCommon {
  kind: 'javascript';
  base: 'javascript';
  value: string;
  /** Compiled when read; run only in trusted workspaces. */
  script: CompiledJavascript;
}

export interface ModelGradedAssertion extends AssertionCommon {
  kind: 'model-graded';
  base: ModelGradedType;
  /** The rubric (llm-rubric) or the reference answer (factuality). */
  value: string;
  /** The grader named on the assertion itself (`provider`), a `scalarlm:` id. */
  provider?: string;
  /**
   * llm-rubric's grader prompt from the test's `options.rubricPrompt` (promptfoo's): a template over `output`,
   * `rubric` and the test's vars, a text or JSON chat messages. The built-in grader prompt when absent.
   */
  rubricPrompt?: string;
}

export type Assertion = DeterministicAssertion | JavascriptAssertion | ModelGradedAssertion;

/** A grader's answer that is a verdict. */
export interface Verdict {
  pass: boolean;
  /** 0..1; when the grader gave none, 1 for a pass and 0 for a fail. */
  score: number;
  reason: string;
}

/** A grader's answer that is not a verdict (or a grading call that failed): never a pass. */
export interface GradingError {
  error: string;
  /** What the grader said, kept so the user can see why it was not a verdict. */
  text: string;
}

/** The answer being judged, in the states a run's cell can be in. */
export type CellOutput = { status: 'ok'; text: string } | { status: 'error'; error: string } | { status: 'pending' };

/** The form of the code that compiled, run later by the assertion worker. */
export interface CompiledJavascript {
  source: string;
  file: string;
  /** The code as written, for the reason of a failure. */
  code: string;
  /** The paths from `output` and `context` it reads, shown with their values when it fails. */
  reads: string[];
}

/** What `javascript` sees as `context`, and what a grader may be shown. */

export interface CellContext {
  vars: Record<string, unknown>;
  prompt?: string | ChatMessage[];
}

export interface EvaluateOptions {
  trust: Trust;
  /** Verdicts of the model-graded assertions, by their index in the assertion list. */
  graded?: ReadonlyMap<number, Verdict | GradingError>;
  /** The test's own `threshold`: when set, the cell passes when its weighted score reaches it. */
  threshold?: number;
  /** Time limit of one `javascript` assertion; 1000 ms unless set. */
  javascriptTimeoutMs?: number;
}

/**
 * - pass / fail: the assertion was evaluated.
 * - refused: `javascript` in a restricted workspace; counts neither as pass nor as fail.
 * - pending: a model-graded assertion whose verdict has not arrived.
 * - error: a model-graded assertion whose grader gave no verdict.
 */
export type AssertionStatus = 'pass' | 'fail' | 'refused' | 'pending' | 'error';

export interface AssertionResult {
  /** Index in the assertion list. */
  index: number;
  type: string;
  status: AssertionStatus;
  pass: boolean;
  /** 0..1. */
  score: number;
  reason: string;
  weight: number;
  metric?: string;
  refused?: true;
  /** The grader's own text, when it was not a verdict. */
  graderText?: string;
}

/**
 * - pass / fail: judged.
 * - error: the answer is an error, or a counted model-graded assertion got no verdict from its grader.
 * - pending: the answer, or a grader's verdict, has not arrived.
 * - no-assertions: nothing was counted (no assertions, or only informational or refused ones).
 */
export type CellStatus = 'pass' | 'fail' | 'error' | 'pending' | 'no-assertions';

export interface CellOutcome {
  status: CellStatus;
  /** Weighted mean of the counted assertions' scores; null when nothing was counted. */
  score: number | null;
  /** Per `metric`: the weighted mean of its assertions' scores. */
  namedScores: Record<string, number>;
  reason: string;
  results: AssertionResult[];
}
