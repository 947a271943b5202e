// Judging through `scalarlm-lab eval` against the simulator: deterministic assertions on exact answers, the
// exit codes a CI job gates on, model-graded assertions graded by a run through the batch queue (a verdict,
// a grader answer that is not one, a grader that fails), unchanged grading sent nothing the second time,
// --filter-failing, the JUnit file, and `scalarlm-lab diff` between two runs and between two columns of one run.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { SimHandle } from '../../../../src/sim';
import { runCli } from '../../helpers/cli-run';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

interface Judged {
  test: { index: number };
  status: string;
  output: string;
  verdict: { status: string; score: number | null; reason: string; assertions: { type: string; status: string; reason: string; graderText?: string }[] } | null;
}

/** A grader's scripted answer: the simulator answers exactly this to the prompt that carries the marker. */
const graderSays = (text: string) => `[[sim:respond-b64=${Buffer.from(text).toString('base64')}]]`;

describe('judging with scalarlm-lab eval', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const results = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { results: Judged[] }).results;

  /** Each test's answer is scripted by its `answer` var, so assertions can be written against it. */
  function scripted(tests: string): string {
    write('say.txt', 'Answer about {{ topic }}. [[sim:respond={{ answer }}]]');
    return write('judged.yaml', `prompts:\n  - file://say.txt\nproviders:\n  - scalarlm:base\ntests:\n${tests}`);
  }

  it('exits 0 when every assertion passes and 100 (with the failing assertion named) when one fails', async () => {
    await withSimulator({}, async (sim) => {
      const passing = scripted(
        '  - vars: {topic: tea, answer: Tea is a drink}\n    assert:\n      - type: icontains\n        value: drink\n      - type: not-contains\n        value: coffee\n      - type: regex\n        value: "^Tea"\n',
      );
      const output = join(tmp.path, 'pass.json');
      const ok = await cli(sim, ['eval', passing, '--output', output]);
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stderr, /1 passed, 0 failed/);
      assert.equal(results(output)[0].verdict?.status, 'pass');

      const failing = scripted(
        '  - vars: {topic: tea, answer: Tea is a drink}\n    assert:\n      - type: equals\n        value: Tea is a drink\n  - vars: {topic: milk, answer: Milk is white}\n    assert:\n      - type: contains\n        value: black\n',
      );
      const failedOutput = join(tmp.path, 'fail.json');
      const failed = await cli(sim, ['eval', failing, '--output', failedOutput]);
      assert.equal(failed.code, 100, failed.stderr);
      const [first, second] = results(failedOutput);
      assert.equal(first.verdict?.status, 'pass');
      assert.equal(second.verdict?.status, 'fail');
      assert.equal(second.verdict?.assertions[0].type, 'contains');
      assert.match(second.verdict?.assertions[0].reason ?? '', /black/);
    });
  });

  it('grades llm-rubric through the batch queue: a verdict counts, a non-verdict and a failed grader are errors, never passes', async () => {
    await withSimulator({}, async (sim) => {
      write('plain.txt', 'Tell me about {{ topic }}.');
      const config = write(
        'rubric.yaml',
        'prompts:\n  - file://plain.txt\nproviders:\n  - scalarlm:base\ntests:\n' +
          `  - vars: {topic: tea}\n    assert:\n      - type: llm-rubric\n        value: 'Is about tea ${graderSays('{"pass": true, "score": 0.9, "reason": "It is about tea."}')}'\n` +
          `  - vars: {topic: milk}\n    assert:\n      - type: llm-rubric\n        value: 'Is about milk ${graderSays('{"pass": false, "score": 0.2, "reason": "It wanders off."}')}'\n` +
          `  - vars: {topic: rain}\n    assert:\n      - type: llm-rubric\n        value: 'Is about rain ${graderSays('I think this one is fine.')}'\n` +
          '  - vars: {topic: snow}\n    assert:\n      - type: llm-rubric\n        value: "Is about snow [[sim:item-error=grader out of memory]]"\n',
      );
      const output = join(tmp.path, 'graded.json');
      const first = await cli(sim, ['eval', config, '--output', output]);
      assert.equal(first.code, 3, first.stderr);
      assert.match(first.stderr, /Grading 4 model-graded assertions through the batch queue\./);
      const [tea, milk, rain, snow] = results(output);
      assert.equal(tea.status, 'ok');
      assert.deepEqual([tea.verdict?.status, tea.verdict?.score], ['pass', 0.9]);
      assert.equal(milk.verdict?.status, 'fail');
      assert.match(milk.verdict?.assertions[0].reason ?? '', /wanders off/);
      assert.equal(rain.verdict?.status, 'error');
      assert.match(rain.verdict?.assertions[0].reason ?? '', /not.*verdict|JSON verdict/);
      assert.equal(rain.verdict?.assertions[0].graderText, 'I think this one is fine.', "the grader's text is kept");
      assert.equal(snow.verdict?.status, 'error');
      assert.match(snow.verdict?.assertions[0].reason ?? '', /grader failed.*out of memory/);

      // The same experiment again: cells and grader prompts are all held by the server, so nothing is sent.
      const posts = sim.stats().requests['POST /v1/generate'];
      const again = await cli(sim, ['eval', config, '--output', output]);
      assert.equal(again.code, 3, again.stderr);
      assert.equal(sim.stats().requests['POST /v1/generate'], posts, 'no batch sent again');
      assert.ok(submissionCounts(sim).every((n) => n === 1));
      assert.deepEqual(results(output).map((r) => r.verdict?.status), ['pass', 'fail', 'error', 'error']);
    });
  });

  it('--filter-failing runs only the tests that failed or errored before', async () => {
    await withSimulator({}, async (sim) => {
      const config = scripted(
        ['Tea is hot', 'Milk is white', 'Rain is wet', 'Snow is cold'].map((answer, i) => `  - vars: {topic: t${i}, answer: ${answer}}\n    assert:\n      - type: contains\n        value: ${i % 2 ? 'white' : 'hot'}\n`).join(''),
      );
      const before = join(tmp.path, 'before.json');
      assert.equal((await cli(sim, ['eval', config, '--output', before])).code, 100);
      assert.deepEqual(results(before).map((r) => r.verdict?.status), ['pass', 'pass', 'fail', 'fail']);
      const after = join(tmp.path, 'after.json');
      const posted = sim.stats().requests['POST /v1/generate'];
      const rerun = await cli(sim, ['eval', config, '--filter-failing', before, '--output', after]);
      assert.equal(rerun.code, 100, rerun.stderr);
      assert.deepEqual(results(after).map((r) => r.test.index), [2, 3]);
      assert.equal(sim.stats().requests['POST /v1/generate'], posted, 'the failing cells the server answered are fetched, not sent again');
      assert.match(rerun.stderr, /2 cells: 2 ok; 0 sent, 2 fetched rather than sent/);

      const missing = await cli(sim, ['eval', config, '--filter-failing', join(tmp.path, 'nope.json')]);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--filter-failing needs an earlier eval's --output \.json file; .*nope\.json cannot be read/);
    });
  });

  it('exits 2 on an assertion that cannot run, at its line, before sending anything', async () => {
    await withSimulator({}, async (sim) => {
      const config = scripted('  - vars: {topic: tea, answer: x}\n    assert:\n      - type: regex\n        value: "(unclosed"\n');
      const result = await cli(sim, ['eval', config]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /judged\.yaml:8: "regex": "value" is not a valid regular expression/);
      assert.equal(sim.stats().requests['POST /v1/generate'] ?? 0, 0);
    });
  });

  it('exits 1 when the deployment cannot be reached', async () => {
    const config = scripted('  - vars: {topic: tea, answer: x}\n');
    const result = await runCli(['eval', config, '--url', 'http://127.0.0.1:9'], { env: { XDG_STATE_HOME: tmp.path } });
    assert.equal(result.code, 1, result.stderr);
  });

  it('writes JUnit XML: a testcase per cell, a failure carrying the assertion and the output', async () => {
    await withSimulator({}, async (sim) => {
      const config = scripted(
        '  - vars: {topic: a, answer: alpha}\n    assert:\n      - type: equals\n        value: alpha\n  - vars: {topic: b, answer: "<b>beta</b>"}\n    assert:\n      - type: equals\n        value: gamma\n',
      );
      const xml = join(tmp.path, 'junit.xml');
      assert.equal((await cli(sim, ['eval', config, '--output', xml])).code, 100);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(xml, 'utf8')) as {
        testsuites: { tests: string; failures: string; testsuite: { testcase: { failure?: { message: string; '#text': string } }[] } };
      };
      assert.equal(parsed.testsuites.tests, '2');
      assert.equal(parsed.testsuites.failures, '1');
      const failure = parsed.testsuites.testsuite.testcase.find((c) => c.failure)?.failure;
      assert.match(failure?.message ?? '', /equals/);
      assert.match(failure?.['#text'] ?? '', /<b>beta<\/b>/);
    });
  });

  it('scalarlm-lab diff BASE NEW names what changed from the baseline to the new run, as a unified diff of each changed output', async () => {
    await withSimulator({}, async (sim) => {
      const tests = (second: string) => `  - vars: {topic: a, answer: alpha}\n    assert:\n      - type: equals\n        value: alpha\n  - vars: {topic: b, answer: ${second}}\n    assert:\n      - type: equals\n        value: beta\n`;
      const config = scripted(tests('beta'));
      const first = await cli(sim, ['eval', config]);
      assert.equal(first.code, 0, first.stderr);
      scripted(tests('delta'));
      const second = await cli(sim, ['eval', config]);
      assert.equal(second.code, 100, second.stderr);
      const [runB, runA] = [first.stderr, second.stderr].map((text) => /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(text)?.[1] ?? '');
      const diff = await runCli(['diff', runB.slice(0, 8), runA.slice(0, 8)], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(diff.code, 3, diff.stderr);
      assert.match(diff.stdout, new RegExp(`^.* \\(${runA.slice(0, 8)}\\) against the baseline .* \\(${runB.slice(0, 8)}\\):$`, 'm'));
      assert.match(diff.stdout, /1 same, 0 changed, 0 newly passing, 1 newly failing, 0 added, 0 removed\./);
      assert.match(diff.stdout, /newly-failing: say\.txt × scalarlm:base · /);
      assert.match(diff.stdout, new RegExp(`^--- ${runB.slice(0, 8)} \\(baseline\\)\n\\+\\+\\+ ${runA.slice(0, 8)}\n@@ `, 'm'));
      assert.match(diff.stdout, /^-beta$/m, 'the - lines are the baseline');
      assert.match(diff.stdout, /^\+delta$/m);
      const reversed = await runCli(['diff', runA.slice(0, 8), runB.slice(0, 8)], { env: { XDG_STATE_HOME: tmp.path } });
      assert.match(reversed.stdout, /1 same, 0 changed, 1 newly passing, 0 newly failing/);
      assert.match(reversed.stdout, /^-delta$/m);
      const same = await runCli(['diff', runA.slice(0, 8), runA.slice(0, 8)], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(same.code, 0, same.stdout);
    });
  });

  it('scalarlm-lab diff RUN --columns BASE,OTHER compares two columns of one run row by row: the adaptor against the base', async () => {
    await withSimulator({}, async (sim) => {
      write('base.txt', 'Base on {{ topic }}. [[sim:respond={{ base }}]]');
      write('tuned.txt', 'Tuned on {{ topic }}. [[sim:respond={{ tuned }}]]');
      const rows = [['Lyon', 'Paris'], ['Paris', 'Paris'], ['Paris', 'Marseille']].map(([base, tuned], i) => `  - vars: {topic: t${i}, base: ${base}, tuned: ${tuned}}\n`).join('');
      const config = write('columns.yaml', `prompts:\n  - {id: file://base.txt, label: base}\n  - {id: file://tuned.txt, label: tuned}\nproviders:\n  - scalarlm:base\ndefaultTest:\n  assert:\n    - type: equals\n      value: Paris\ntests:\n${rows}`);
      const evaluated = await cli(sim, ['eval', config]);
      assert.equal(evaluated.code, 100, evaluated.stderr);
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(evaluated.stderr)?.[1] ?? '';
      const env = { env: { XDG_STATE_HOME: tmp.path } };
      const diff = await runCli(['diff', runId.slice(0, 8), '--columns', 'base,tuned'], env);
      assert.equal(diff.code, 3, diff.stderr);
      assert.match(diff.stdout, /^.* \([0-9a-f]{8}\): column tuned × scalarlm:base against the baseline column base × scalarlm:base:$/m);
      assert.match(diff.stdout, /^1 same, 0 changed, 1 newly passing, 1 newly failing, 0 added, 0 removed\.$/m);
      assert.match(diff.stdout, /^newly-passing: topic=t0, base=Lyon, tuned=Paris\n--- base × scalarlm:base \(baseline\)\n\+\+\+ tuned × scalarlm:base\n@@ .*\n-Lyon\n\+Paris$/m);
      assert.match(diff.stdout, /^newly-failing: topic=t2, /m);
      const byNumber = await runCli(['diff', runId.slice(0, 8), '--columns', '2,1'], env);
      assert.match(byNumber.stdout, /1 same, 0 changed, 1 newly passing, 1 newly failing/, 'by number, the other way round');
      assert.match(byNumber.stdout, /^newly-passing: topic=t2, /m);
      const unknown = await runCli(['diff', runId.slice(0, 8), '--columns', 'base,adaptor'], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /--columns: no column is "adaptor"; the run's columns: 1 = base × scalarlm:base, 2 = tuned × scalarlm:base\./);
      // Two columns with the provider scalarlm:base: said to be ambiguous, each listed.
      const ambiguous = await runCli(['diff', runId.slice(0, 8), '--columns', 'base,scalarlm:base'], env);
      assert.equal(ambiguous.code, 2);
      assert.match(ambiguous.stderr, /--columns: "scalarlm:base" names 2 columns \(1 = base × scalarlm:base, 2 = tuned × scalarlm:base\): give the one you mean by its number\./);
      const twoRuns = await runCli(['diff', runId.slice(0, 8), runId.slice(0, 8), '--columns', '1,2'], env);
      assert.equal(twoRuns.code, 2);
      assert.match(twoRuns.stderr, /With --columns, give one experiment RUN/);
    });
  });
});
