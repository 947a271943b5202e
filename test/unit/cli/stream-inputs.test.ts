// A prompt file that is a stream (a FIFO, /dev/stdin, a process substitution) is read once and spooled, as
// `-` is: it used to read as empty, or to hang on its second read (issue 26 item 2).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines, runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const PROMPTS = '"first"\n"second"\n';

describe('scalarlm-lab generate: prompts from a stream given as FILE', () => {
  const tmp = useTempDir();

  it('reads a FIFO once, sends both prompts, and names the FIFO in its messages', async () => {
    await withSimulator({}, async (sim) => {
      const fifo = join(tmp.path, 'prompts.fifo');
      execFileSync('mkfifo', [fifo]);
      createWriteStream(fifo).end(PROMPTS);
      const result = await runCli(['generate', fifo, '--url', sim.url, '--max-tokens', '3'], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(jsonLines(result.stdout).map((line) => line.status), ['ok', 'ok']);
      assert.match(result.stderr, /2 prompts: 2 ok/);
    });
  });

  it('reads /dev/stdin as it reads -', async () => {
    await withSimulator({}, async (sim) => {
      const result = await runCli(['generate', '/dev/stdin', '--url', sim.url, '--max-tokens', '3'], { stdin: PROMPTS, env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(jsonLines(result.stdout).length, 2);
    });
  });

  it('refuses a folder given as FILE, saying so', async () => {
    const folder = join(tmp.path, 'a-folder');
    mkdirSync(folder);
    const result = await runCli(['generate', folder, '--url', 'http://127.0.0.1:9'], { env: { XDG_STATE_HOME: tmp.path } });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /a-folder is a folder: give a prompt file in it/);
  });
});
