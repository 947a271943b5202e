// One cell's answer judged by its assertions, with promptfoo's rules: each assertion scores 0..1; the
// cell's score is the weighted mean (weight 1 unless set); the cell passes when every counted assertion
// passes, or, when the test sets a threshold, when the score reaches it (failures then only lower the
// score). Departures, each for a reason:
// - weight 0 is informational: its real verdict is shown but never counted (promptfoo reports it as a
//   pass); a cell with nothing counted is 'no-assertions', not a pass with score 0.
// - javascript in a restricted workspace is 'refused': shown, counted neither way.
// - an answer that is an error or still pending is not judged at all; a model-graded assertion waiting
//   for its verdict keeps the cell pending, and a grader that gave no verdict makes it an error: both are
//   counted apart from passes and fails, never as either.
// Model-graded verdicts come in through `options.graded`, so grading can go through the batch queue.

import { defaultJavascriptTimeoutMs, runJavascript } from './javascript';
import { quote, quoteSeen } from './quote';
import { isGradingError } from './verdict';
import type { Assertion, AssertionResult, CellContext, CellOutcome, CellOutput, EvaluateOptions, ModelGradedAssertion } from './types';

export function evaluateCell(output: CellOutput, assertions: readonly Assertion[], context: CellContext, options: EvaluateOptions): CellOutcome {
  const unjudged = { score: null, namedScores: {}, results: [] };
  if (output.status === 'error') return { ...unjudged, status: 'error', reason: `the answer is an error: ${output.error}` };
  if (output.status === 'pending') return { ...unjudged, status: 'pending', reason: 'the answer has not arrived yet' };
  if (assertions.length === 0) return { ...unjudged, status: 'no-assertions', reason: 'the test has no assertions' };
  const results = assertions.map((assertion, index) => judge(assertion, index, output.text, context, options));
  return outcomeOf(results, options.threshold);
}

function judge(assertion: Assertion, index: number, output: string, context: CellContext, options: EvaluateOptions): AssertionResult {
  const shown = { index, type: assertion.type, weight: assertion.weight, ...(assertion.metric !== undefined ? { metric: assertion.metric } : {}) };
  switch (assertion.kind) {
    case 'deterministic': {
      const finding = assertion.test(output);
      const pass = finding.holds !== assertion.inverse;
      const detail = finding.detail ? `: ${finding.detail}` : '';
      const reason = pass ? 'Assertion passed' : `Expected output ${quoteSeen(output)} to ${assertion.inverse ? 'not ' : ''}${assertion.expectation}${detail}`;
      return { ...shown, status: pass ? 'pass' : 'fail', pass, score: pass ? 1 : 0, reason };
    }
    case 'javascript': {
      if (options.trust !== 'trusted') {
        return { ...shown, status: 'refused', pass: false, score: 0, reason: 'javascript assertions run only in trusted workspaces (and the CLI): trust this folder to run it (Manage Workspace Trust)', refused: true };
      }
      const verdict = runJavascript(assertion.script, {
        output,
        context,
        inverse: assertion.inverse,
        threshold: assertion.threshold,
        timeoutMs: options.javascriptTimeoutMs ?? defaultJavascriptTimeoutMs,
        ...(assertion.metric !== undefined ? { metric: assertion.metric } : {}),
      });
      return { ...shown, status: verdict.pass ? 'pass' : 'fail', ...verdict };
    }
    case 'model-graded':
      return { ...shown, ...graded(assertion, output, options.graded?.get(index)) };
  }
}

type Graded = Pick<AssertionResult, 'status' | 'pass' | 'score' | 'reason' | 'graderText'>;

/** A failure says what the grader decided and why (its words first), then what it graded: the output, by what rubric. */
function graded(assertion: ModelGradedAssertion, output: string, answer: Parameters<typeof isGradingError>[0] | undefined): Graded {
  if (answer === undefined) return { status: 'pending', pass: false, score: 0, reason: 'waiting for the grader' };
  if (isGradingError(answer)) return { status: 'error', pass: false, score: 0, reason: answer.error, graderText: answer.text };
  const { threshold } = assertion;
  const reaches = threshold === undefined || assertion.base !== 'llm-rubric' || answer.score >= threshold;
  const held = answer.pass && reaches;
  const pass = held !== assertion.inverse;
  const score = assertion.inverse ? 1 - answer.score : answer.score;
  if (pass) return { status: 'pass', pass, score, reason: answer.reason || 'the grader passed it' };
  let head = 'the grader failed it';
  if (answer.pass && !reaches) head = `the grader's score ${answer.score} is below the threshold ${threshold}`;
  if (assertion.inverse) head = `the grader passed it, and "${assertion.type}" expects the opposite`;
  return { status: 'fail', pass, score, reason: `${head}${answer.reason ? `: ${answer.reason}` : ''} (output ${quoteSeen(output)}; ${gradedBy(assertion)})` };
}

function gradedBy(assertion: ModelGradedAssertion): string {
  if (assertion.base === 'factuality') return `reference answer ${quote(assertion.value)}`;
  return assertion.value === '' ? 'the rubric in its rubricPrompt' : `rubric ${quote(assertion.value)}`;
}

function outcomeOf(results: AssertionResult[], threshold: number | undefined): CellOutcome {
  const namedScores = namedScoresOf(results);
  const counted = results.filter((result) => result.weight > 0 && result.status !== 'refused');
  const refused = results.filter((result) => result.status === 'refused').length;
  const refusedNote = refused === 0 ? '' : ` (${refused === 1 ? '1 javascript assertion was' : `${refused} javascript assertions were`} not run: javascript assertions run only in trusted workspaces)`;
  const unscored = { score: null, namedScores, results };

  const gradingErrors = counted.filter((result) => result.status === 'error');
  if (gradingErrors.length > 0) {
    return { ...unscored, status: 'error', reason: gradingErrors.map(named).join('; ') };
  }
  const waiting = results.filter((result) => result.status === 'pending').length;
  if (waiting > 0) return { ...unscored, status: 'pending', reason: `waiting for ${waiting === 1 ? 'a grader verdict' : `${waiting} grader verdicts`}` };
  if (counted.length === 0) {
    const why = refused === results.length ? 'every assertion was refused' : 'every assertion is informational (weight 0) or refused';
    return { ...unscored, status: 'no-assertions', reason: `nothing was counted: ${why}${refusedNote}` };
  }

  const totalWeight = counted.reduce((sum, result) => sum + result.weight, 0);
  const score = counted.reduce((sum, result) => sum + result.score * result.weight, 0) / totalWeight;
  const failures = counted.filter((result) => !result.pass);
  let pass = failures.length === 0;
  const failing = failures.map(named).join('; ');
  let reason = pass ? 'All assertions passed' : failing;
  if (threshold !== undefined) {
    pass = score >= threshold;
    reason = `Aggregate score ${score.toFixed(2)} ${pass ? '≥' : '<'} ${threshold} threshold`;
    // A cell that fails says which assertions cost it the score.
    if (!pass && failures.length > 0) reason += `; failing: ${failing}`;
  }
  return { status: pass ? 'pass' : 'fail', score, namedScores, reason: reason + refusedNote, results };
}

/** Per metric, the weighted mean of its judged assertions; a metric of informational ones only, their plain mean. */
function namedScoresOf(results: AssertionResult[]): Record<string, number> {
  const groups = new Map<string, AssertionResult[]>();
  for (const result of results) {
    if (result.metric === undefined || (result.status !== 'pass' && result.status !== 'fail')) continue;
    groups.set(result.metric, [...(groups.get(result.metric) ?? []), result]);
  }
  const named: Record<string, number> = {};
  for (const [metric, members] of groups) {
    const weight = members.reduce((sum, result) => sum + result.weight, 0);
    named[metric] =
      weight > 0
        ? members.reduce((sum, result) => sum + result.score * result.weight, 0) / weight
        : members.reduce((sum, result) => sum + result.score, 0) / members.length;
  }
  return named;
}

/**
 * An assertion's reason led by its type, once (a javascript reason already starts "javascript returned …"): how
 * every list of failing assertions names one, in the panel, the reports and the CLI.
 */
export function named(result: Pick<AssertionResult, 'type' | 'reason'>): string {
  return result.reason.startsWith(`${result.type} `) ? result.reason : `${result.type}: ${result.reason}`;
}
