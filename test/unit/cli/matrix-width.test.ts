// eval's matrix fits the terminal (issue 26 item 13): with a third column in 120 columns no line wraps and every
// prompt and provider label is whole; too many columns for readable cells give one block per row.

import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const PROVIDERS = ['base model', 'tuned adaptor', 'another model'];

describe("scalarlm-lab eval: the matrix fits the terminal's width", () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const config = (providers: readonly string[]) =>
    write(
      'promptfooconfig.yaml',
      `prompts:\n  - id: "Name the capital of {{ land }} [[sim:respond=A fairly long answer about {{ land }} and its capital city]]"\n    label: capital question\nproviders:\n${providers.map((label) => `  - id: scalarlm:base\n    label: ${label}\n`).join('')}tests:\n  - vars: {land: France}\n    assert: [{type: icontains, value: france}]\n  - vars: {land: Peru}\n`,
    );

  it('keeps every line inside 120 columns with three columns, each label whole', async () => {
    await withSimulator({}, async (sim) => {
      const run = await runCli(['eval', config(PROVIDERS), '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path, columns: 120 });
      assert.equal(run.code, 0, run.stderr);
      const lines = run.stdout.split('\n');
      for (const line of lines) assert.ok(line.length < 120, `${line.length} columns: ${line}`);
      for (const label of PROVIDERS) assert.match(run.stdout, new RegExp(`× ${label}(\\s|$)`), `the provider label "${label}" whole:\n${run.stdout}`);
      assert.equal(lines.filter((line) => line.includes('capital question')).length, 1, 'the prompt labels on one line');
      assert.match(run.stdout, /^land=France\s+│ PASS A fairly long/m);
    });
  });

  it('gives one block per row when the columns would be too narrow to read', async () => {
    await withSimulator({}, async (sim) => {
      const run = await runCli(['eval', config(PROVIDERS), '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path, columns: 50 });
      assert.equal(run.code, 0, run.stderr);
      for (const line of run.stdout.split('\n')) assert.ok(line.length < 50, `${line.length} columns: ${line}`);
      assert.match(run.stdout, /^\[2\] capital question × tuned adaptor · batch/m);
      assert.match(run.stdout, /^land=France\n {2}\[1\] PASS A fairly long/m);
      assert.doesNotMatch(run.stdout, /│/);
    });
  });
});
