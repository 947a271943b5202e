// llm-rubric seen working on the simulator (issue 26 item 20): its grader answers a grading prompt with a JSON
// verdict by a rule a test can predict, so a config's model-graded assertions pass and fail locally as written.

import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab eval: llm-rubric graded by the simulator', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('passes the answer that has the rubric words and fails the one that lacks them, with the reason', async () => {
    await withSimulator({}, async (sim) => {
      const config = write(
        'promptfooconfig.yaml',
        'prompts:\n  - "Capital of {{ land }}? [[sim:respond={{ said }}]]"\nproviders:\n  - scalarlm:base\n' +
          'tests:\n  - vars: {land: France, said: The capital is Paris.}\n    assert: [{type: llm-rubric, value: Paris capital}]\n' +
          '  - vars: {land: Peru, said: Cusco is lovely.}\n    assert: [{type: llm-rubric, value: Lima capital}]\n',
      );
      const run = await runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      assert.equal(run.code, 100, run.stderr);
      assert.match(run.stdout, /^land=France, said=The capital… │ PASS The capital is Paris\./m);
      assert.match(run.stdout, /^FAIL land=Peru, .*: .*The output lacks "lima", "capital"\./m);
    });
  });
});
