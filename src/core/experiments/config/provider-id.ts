// Provider ids: only ScalarLM deployments are run, named `scalarlm:<model>`. The same rule applies to the
// providers under test and to the graders of model-graded assertions.

import { isPlainObject } from '../../prompts/validation';

const prefix = 'scalarlm:';

export const providerIdForm =
  "`scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one)";

export type ProviderIdCheck = { ok: true; model: string | undefined } | { ok: false; problem: string };

export function parseProviderId(id: string): ProviderIdCheck {
  const trimmed = id.trim();
  if (trimmed.slice(0, prefix.length).toLowerCase() !== prefix) {
    return { ok: false, problem: `provider \`${id}\` cannot be run here: only ScalarLM deployments are run. Name it ${providerIdForm}` };
  }
  const model = trimmed.slice(prefix.length).trim();
  return { ok: true, model: model === '' || model === 'base' ? undefined : model };
}

/** promptfoo's grader map names a grader per kind: `{text: …, embedding: …, classification: …}`. */
const graderKinds = ['text', 'embedding', 'classification'];

/**
 * A grader named in an assertion's `provider` or in `options.provider`: a ScalarLM id, `{id: ...}`, or
 * promptfoo's grader map, whose `text` grader grades llm-rubric and factuality (the others are not used here).
 */
export function graderProblem(grader: unknown): string | undefined {
  if (isPlainObject(grader) && grader.id === undefined && Object.keys(grader).some((key) => graderKinds.includes(key))) {
    if (grader.text === undefined) return 'this grader map names no `text` grader: llm-rubric and factuality are graded by the `text` one here (`text: scalarlm:<model>`)';
    return graderProblem(grader.text);
  }
  const id = isPlainObject(grader) ? grader.id : grader;
  if (typeof id !== 'string') return `the grader must be named ${providerIdForm}, as a string or as \`{id: scalarlm:<model>}\``;
  const check = parseProviderId(id);
  return check.ok ? undefined : `grader \`${id}\` cannot be used here: only ScalarLM deployments are run. Name it ${providerIdForm}`;
}
