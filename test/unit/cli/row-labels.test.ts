// Rows that differ late in a long var can be told apart where a terminal shows them (issue 26 item 5): eval's
// matrix and FAIL lines, and diff --columns, label each row by the part of its vars that differs.

import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const LANDS = ['France', 'Peru', 'Japan', 'Kenya'];

describe('scalarlm-lab: row labels that tell rows apart', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it("labels four 'What is the capital city of …?' rows by their ends in the matrix, the FAIL lines and diff --columns", async () => {
    await withSimulator({}, async (sim) => {
      const tests = LANDS.map((land) => `  - vars: {question: "What is the capital city of ${land}?", style: brief}\n    assert: [{type: equals, value: nowhere}]\n`).join('');
      const config = write('promptfooconfig.yaml', `prompts:\n  - "{{ question }} [[sim:respond=somewhere]]"\n  - id: "Briefly: {{ question }} [[sim:respond=elsewhere]]"\n    label: brief\nproviders:\n  - scalarlm:base\ntests:\n${tests}`);
      const cli = (argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      const run = await cli(['eval', config]);
      assert.equal(run.code, 100, run.stderr);
      for (const land of LANDS) {
        assert.match(run.stdout, new RegExp(`^question=…${land}\\?\\s+│`, 'm'), `the matrix row of ${land}:\n${run.stdout}`);
        assert.match(run.stdout, new RegExp(`^FAIL question=…${land}\\? · `, 'm'), `the FAIL line of ${land}`);
      }
      assert.doesNotMatch(run.stdout, /style=brief/, 'a var every row shares tells no row apart');
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(run.stderr)?.[1];
      assert.ok(runId, run.stderr);
      const diff = await cli(['diff', runId, '--columns', '1,2']);
      for (const land of LANDS) assert.match(diff.stdout + diff.stderr, new RegExp(`question=…${land}\\?`), `diff --columns names ${land}:\n${diff.stdout}${diff.stderr}`);
    });
  });
});
