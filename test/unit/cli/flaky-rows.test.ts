// Repeated samples in the CLI's matrix (issue 24, 3): each repeated cell leads with its passes of k, marked flaky
// when its samples disagree, and the flaky cells are listed under the table. The simulator samples anew for each
// request above temperature 0, so the parity of an answer's length passes some samples and fails others.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab eval: flaky rows', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it("leads each repeated cell with its passes of k, marks those whose samples disagree, and lists them", async () => {
    await withSimulator({}, async (sim) => {
      const tests = Array.from({ length: 8 }, (_, row) => `  - description: row ${row}\n    vars: { q: "question ${row}" }`).join('\n');
      write('promptfooconfig.yaml', `prompts:\n  - '{{ q }}'\nproviders:\n  - id: scalarlm:base\n    config: { temperature: 0.9, max_tokens: 8 }\ndefaultTest:\n  assert: [{ type: javascript, value: output.length % 2 === 0 }]\ntests:\n${tests}\nevaluateOptions:\n  repeat: 3\n`);
      const run = await runCli(['eval', '--url', sim.url], { env: { XDG_STATE_HOME: join(tmp.path, 'state') }, cwd: tmp.path });
      assert.ok(run.code === 0 || run.code === 100, run.stderr);
      const rows = run.stdout.split('\n').filter((line) => /^row \d/.test(line));
      assert.equal(rows.length, 8);
      for (const row of rows) assert.match(row, /│ [0-3]\/3( flaky)? · (PASS|FAIL) /);
      const flaky = run.stdout.split('\n').filter((line) => line.startsWith('FLAKY '));
      assert.ok(flaky.length > 0, 'eight rows of three samples each: some disagree');
      for (const line of flaky) assert.match(line, /^FLAKY row \d · .*: passed [12] of 3 samples$/);
      assert.equal(flaky.length, rows.filter((row) => / flaky · /.test(row)).length, 'every flaky cell is listed once');
    });
  });
});
