// What an experiment would send, cell by cell, without sending anything: each test (in order) with each
// prompt, rendered as it is sent, and its assertions as they are judged (values rendered with the test's
// vars). `scalarlm-lab render CONFIG` prints it, and the fidelity tests compare it with what promptfoo sends.

import type { PromptEntry } from '../api/types';
import type { RenderOptions } from '../templates';
import { assertionsAsJudged, providerRuns, readAssertions } from './config';
import { ExperimentProblems, testText } from './experiment-cells';
import type { ExperimentSpec } from './experiment-spec';

export interface RenderedCell {
  /** 0-based, over the tests as expanded (list vars and globs make several). */
  test: number;
  description?: string;
  /** 0-based, over the experiment's prompts (a .txt file of several makes several). */
  prompt: number;
  label: string;
  vars: Record<string, unknown>;
  /** A text, or `{messages}`: the prompt of the request. */
  sent: PromptEntry;
  assert: { type: string; value?: unknown; threshold?: number; weight?: number; metric?: string }[];
  threshold?: number;
}

/** Throws the first cell's TemplateError, or ExperimentProblems for a test's assertion values that cannot be rendered. */
export async function* renderedCells(spec: ExperimentSpec, trust: RenderOptions['trust']): AsyncGenerator<RenderedCell> {
  for await (const test of spec.tests()) {
    // What eval would refuse to judge is refused here too.
    const { problems } = readAssertions(test.assert, { vars: test.vars, trust }, test.options);
    if (problems.length > 0) throw new ExperimentProblems(problems, problems.length);
    const judged = assertionsAsJudged(test.assert, { vars: test.vars, trust }, test.options);
    const assert = judged.list.map(({ file: _file, line: _line, column: _column, provider: _provider, rubricPrompt: _rubricPrompt, ...assertion }) => assertion);
    for (const [index, prompt] of spec.prompts.entries()) {
      // A prompt that no provider runs (their `prompts` name others) sends nothing.
      if (!spec.providers.some((provider) => providerRuns(provider, prompt))) continue;
      const result = prompt.render(test.vars, { trust }, testText(test));
      yield {
        test: test.index,
        ...(test.description !== undefined ? { description: test.description } : {}),
        prompt: index,
        label: prompt.label,
        vars: test.vars,
        sent: result.kind === 'text' ? result.text : { messages: result.messages.map(({ role, content }) => ({ role, content })) },
        assert,
        ...(test.threshold !== undefined ? { threshold: test.threshold } : {}),
      };
    }
  }
}
