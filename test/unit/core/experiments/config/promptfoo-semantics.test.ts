// promptfoo's meaning for the parts of a config that the fidelity fixtures cannot show through `render`: the
// refusals and their lines, graders, rubric prompts, thresholds, and what a provider's `prompts` leaves out.

import * as assert from 'node:assert/strict';
import { CellJudge } from '../../../../../src/core/experiments/cell-verdicts';
import { readAssertions } from '../../../../../src/core/experiments/config';
import { customRubricPrompt } from '../../../../../src/core/experiments/rubric-prompt';
import { checkGraders } from '../../../../../src/core/experiments/config/tests-section';
import { experimentColumns } from '../../../../../src/core/experiments/experiment-cells';
import { experimentFromConfig } from '../../../../../src/core/experiments/experiment-spec';
import type { RunItem } from '../../../../../src/core/runs/run-projection';
import { providerId, type ModelGradedAssertion } from '../../../../../src/core/judge';
import { join } from 'node:path';
import { runCli } from '../../../helpers/cli-run';
import { loadError, useExperimentFolder } from './helpers';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

const text = (lines: string[]) => async () => lines.join('\n');

describe('experiment config: promptfoo semantics', () => {
  const folder = useExperimentFolder();

  it('refuses a $ref to another file or to nothing at its line, and nothing else about it', async () => {
    const error = await loadError('r.yaml', text(['prompts: ["{{q}}"]', 'tests:', '  - assert:', '      - $ref: other.yaml#/a', '      - $ref: "#/assertionTemplates/none"']));
    assert.deepEqual(error.errors.map((problem) => problem.message), [
      'r.yaml:4:15: `$ref: other.yaml#/a` names another file: only references within this file ("#/assertionTemplates/name") are read here; copy the value in',
      'r.yaml:5:15: `$ref: #/assertionTemplates/none` names nothing in this file; check the path (such as "#/assertionTemplates/polite")',
    ]);
  });

  it('refuses a scenarios file, and merges inline scenarios after the tests', async () => {
    const error = await loadError('s.yaml', text(['prompts: ["{{q}}"]', 'scenarios: file://scenarios.yaml']));
    assert.match(error.errors[0].message, /^s\.yaml:2:12: `scenarios` must be a list of `\{config: \[\.\.\.\], tests: \[\.\.\.\]\}` written here/);
  });

  it('names a provider prompt that matches no prompt, and leaves out the columns a provider does not run', async () => {
    const error = await loadError('p.yaml', text(['prompts:', '  - {raw: "a {{q}}", label: a}', 'providers:', '  - {id: scalarlm:base, prompts: [b]}']));
    assert.match(error.errors[0].message, /^p\.yaml:4:10: the provider `scalarlm:base` names the prompt `b` in its `prompts`, and no prompt has that label or id; the labels are: `a`$/);

    folder.write({ 'promptfooconfig.yaml': ['prompts:', '  - {raw: "a {{q}}", label: short}', '  - {raw: "b {{q}}", label: long}', 'providers:', '  - {id: scalarlm:one, prompts: [short]}', '  - {id: scalarlm:two, prompts: ["lo*"]}', '  - scalarlm:three'].join('\n') });
    const spec = await experimentFromConfig(`${folder.path}/promptfooconfig.yaml`, { access: UNCONFINED });
    const { columns } = experimentColumns(spec, { maxTokens: 16 });
    assert.deepEqual(columns.map((column) => `${column.prompt.label}×${column.model}`), ['short×one', 'short×three', 'long×two', 'long×three']);
  });

  it("reads promptfoo's grader map by its `text` grader, and says when it has none", () => {
    assert.equal(providerId({ text: 'scalarlm:judge', embedding: 'scalarlm:emb' }), 'scalarlm:judge');
    const problems: string[] = [];
    checkGraders({ vars: {}, options: { provider: { text: { id: 'scalarlm:judge' }, embedding: 'openai:embeddings' } } }, (_path, detail) => problems.push(detail));
    checkGraders({ vars: {}, options: { provider: { embedding: 'scalarlm:emb' } } }, (_path, detail) => problems.push(detail));
    assert.deepEqual(problems, ['this grader map names no `text` grader: llm-rubric and factuality are graded by the `text` one here (`text: scalarlm:<model>`)']);
  });

  it('grades llm-rubric with options.rubricPrompt (criteria there, no value needed), rendered over output, rubric and vars', () => {
    const where = { file: 'c.yaml', line: 3 };
    const none = readAssertions([{ type: 'llm-rubric', ...where }]);
    assert.match(none.problems[0].message, /^c\.yaml:3: "llm-rubric" needs a "value": the rubric the grader applies \(a non-empty string\), or options\.rubricPrompt with the criteria$/);

    const chat = [{ role: 'system', content: 'Grade for {{ audience }}.' }, { role: 'user', content: 'Answer: {{ output.answer }} / {{ rubric }}' }];
    const { assertions, problems } = readAssertions([{ type: 'llm-rubric', ...where }], { vars: { audience: 'kids' }, trust: 'trusted' }, { rubricPrompt: chat });
    assert.deepEqual(problems, []);
    const graded = assertions[0] as ModelGradedAssertion & { rubricPrompt: string };
    assert.deepEqual(customRubricPrompt(graded, '{"answer": 42}', { audience: 'kids' }, 'trusted').messages, [
      { role: 'system', content: 'Grade for kids.' },
      { role: 'user', content: 'Answer: 42 / ' },
    ]);
    const plain = { ...graded, value: 'is short', rubricPrompt: 'Is "{{ output }}" {{ rubric }}? Reply with JSON.' };
    assert.deepEqual(customRubricPrompt(plain, 'hi', {}, 'trusted').messages, [{ role: 'user', content: 'Is "hi" is short? Reply with JSON.' }]);

    const restricted = readAssertions([{ type: 'llm-rubric', value: 'x', ...where }], { vars: {}, trust: 'restricted' }, { rubricPrompt: 'Grade {{ output }}' });
    assert.match(restricted.problems[0].message, /rubricPrompt is a template, rendered only in trusted workspaces/);
  });

  it('says what the files ignore even when the run stops first: a config error, or a cell that cannot render', async () => {
    folder.write({ 'bad.yaml': 'prompts: ["{{ q }}"]\nsharing: true\nproviders: [openai:gpt-4o]\n', 'unrendered.yaml': 'prompts: ["{{ q }} {{ missing }}"]\nsharing: true\ntests:\n  - vars: {q: x}\n' });
    const bad = await runCli(['render', join(folder.path, 'bad.yaml')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.yaml:3:13: provider `openai:gpt-4o` cannot be run here[^\n]*\n[^\n]*bad\.yaml:2:1: `sharing` is not supported here and is ignored/);
    const unrendered = await runCli(['render', join(folder.path, 'unrendered.yaml')]);
    assert.equal(unrendered.code, 2);
    assert.match(unrendered.stderr, /unrendered\.yaml:2:1: `sharing` is not supported here and is ignored/);
    assert.match(unrendered.stderr, /`missing` is not defined/);
  });

  it("judges a test's threshold on the weighted score, as promptfoo does", () => {
    const assert2 = [
      { type: 'contains', value: 'a', file: 't.yaml', line: 1 },
      { type: 'contains', value: 'b', file: 't.yaml', line: 2 },
    ];
    const judge = new CellJudge(new Map([[0, { index: 0, vars: {}, assert: assert2, threshold: 0.5 }], [1, { index: 1, vars: {}, assert: assert2 }]]), 'trusted');
    const item = (test: number) => ({ index: test, cell: [0, test, 0], status: 'ok', response: 'only a' }) as unknown as RunItem;
    assert.equal(judge.outcome(item(0))?.status, 'pass');
    assert.equal(judge.outcome(item(1))?.status, 'fail');
  });
});
