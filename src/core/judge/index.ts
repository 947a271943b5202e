// Judging one answer: assertions read and checked before anything is sent (promptfoo's types, `not-`,
// threshold, weight, metric, the CSV `__expected` shorthand), deterministic and javascript assertions
// evaluated here, and model-graded ones (llm-rubric, factuality) reduced to their pure parts: the grader's
// prompt, reading its verdict, and folding verdicts fed back in into the cell's outcome.

export { AssertionProblem, type AssertionLocation } from './assertion-problem';
export { promptfooOnlyTypes, supportedTypes } from './assertion-types';
export { defaultLevenshteinThreshold } from './deterministic';
export { evaluateCell, named as namedReason } from './evaluate-cell';
export { expectedToAssertion } from './expected';
export { graderPrompt, graderProviderOf, type GradingInput } from './grader-prompt';
export { defaultJavascriptTimeoutMs } from './javascript';
export { checkAssertions, parseAssertion, parseAssertions, providerId, type Where } from './parse-assertion';
export type {
  Assertion,
  AssertionResult,
  AssertionStatus,
  BaseType,
  CellContext,
  CellOutcome,
  CellOutput,
  CellStatus,
  DeterministicAssertion,
  EvaluateOptions,
  GradingError,
  JavascriptAssertion,
  ModelGradedAssertion,
  Trust,
  Verdict,
} from './types';
export { isGradingError, parseVerdict } from './verdict';
