// The CLI runs the user's own files, as promptfoo and Prompty do: a reference to a file beside the project
// (`file://../x`, `${file:../x}`) is read, as before; only the editor's Restricted Mode confines references.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab reads files beside the project', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('renders a config whose prompt and vars are ../ files, and a .prompty whose sample is ../', async () => {
    write('shared/prompt.txt', 'Shared prompt about {{ topic }}');
    write('shared/topic.txt', 'tides\n');
    write('shared/sample.json', '{"name": "Ada"}');
    const config = write('project/promptfooconfig.yaml', 'prompts:\n  - file://../shared/prompt.txt\nproviders: [scalarlm:base]\ntests:\n  - vars: {topic: file://../shared/topic.txt}\n');
    const cells = await runCli(['render', config]);
    assert.equal(cells.code, 0, cells.stderr);
    assert.match(cells.stdout, /Shared prompt about tides/);
    const prompty = write('project/hello.prompty', '---\nsample: ${file:../shared/sample.json}\n---\nuser:\nHello {{ name }}\n');
    const rendered = await runCli(['render', prompty]);
    assert.equal(rendered.code, 0, rendered.stderr);
    assert.match(rendered.stdout, /Hello Ada/);
  });

  it('evaluates a config whose prompt is a ../ file, and sends it', async () => {
    await withSimulator({}, async (sim: SimHandle) => {
      write('shared/prompt.txt', 'Say hi [[sim:respond=hi]]');
      const config = write('project/promptfooconfig.yaml', 'prompts:\n  - file://../shared/prompt.txt\nproviders: [scalarlm:base]\ntests:\n  - assert: [{type: equals, value: hi}]\n');
      const result = await runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: join(tmp.path, 'state') } });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(sim.stats().requests['POST /v1/generate'], 1);
    });
  });
});
