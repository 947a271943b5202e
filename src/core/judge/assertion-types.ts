// Which assertion types are run here, and which promptfoo types are known but not run (so that a config
// written for promptfoo gets "not supported" rather than "unknown" for them).

import { deterministicChecks } from './deterministic';
import type { BaseType, ModelGradedType } from './types';

export const modelGradedTypes: readonly ModelGradedType[] = ['llm-rubric', 'factuality'];

export const supportedTypes: readonly BaseType[] = [
  ...(Object.keys(deterministicChecks) as BaseType[]),
  'javascript',
  ...modelGradedTypes,
];

export const promptfooOnlyTypes: ReadonlySet<string> = new Set([
  'answer-relevance',
  'assert-set',
  'bleu',
  'classifier',
  'contains-html',
  'contains-sql',
  'contains-xml',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'conversation-relevance',
  'cost',
  'finish-reason',
  'g-eval',
  'gleu',
  'guardrails',
  'is-html',
  'is-refusal',
  'is-sql',
  'is-valid-function-call',
  'is-valid-openai-function-call',
  'is-valid-openai-tools-call',
  'is-xml',
  'latency',
  'max-score',
  'meteor',
  'model-graded-closedqa',
  'moderation',
  'perplexity',
  'perplexity-score',
  'pi',
  'python',
  'rouge-n',
  'ruby',
  'search-rubric',
  'select-best',
  'similar',
  'tool-call-f1',
  'webhook',
]);

export function isSupportedType(base: string): base is BaseType {
  return (supportedTypes as readonly string[]).includes(base);
}

export function isModelGradedType(base: BaseType): base is ModelGradedType {
  return (modelGradedTypes as readonly string[]).includes(base);
}

/** Types whose `threshold` means something here; on any other type it is reported as ignored. */
export function usesThreshold(base: BaseType): boolean {
  return base === 'javascript' || base === 'llm-rubric' || (base !== 'factuality' && deterministicChecks[base].usesThreshold === true);
}
