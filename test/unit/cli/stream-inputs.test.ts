// A prompt file that is a stream (a FIFO, /dev/stdin, a process substitution) is read once and spooled, as
// `-` is: it used to read as empty, or to hang on its second read (issue 26 item 2).

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines, runBuiltCli, runCli } from '../helpers/cli-run';
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

describe('scalarlm-lab eval and train: datasets and configs from a stream', () => {
  const tmp = useTempDir();
  /** A FIFO another process writes `text` into, as a shell's pipe has it (a writer in this process could wait on a read here). */
  const fifoWith = (name: string, text: string) => {
    const fifo = join(tmp.path, name);
    execFileSync('mkfifo', [fifo]);
    spawn('sh', ['-c', 'printf "%s" "$0" > "$1"', text, fifo], { stdio: 'ignore' });
    return fifo;
  };

  it("reads a FIFO dataset once though a run reads its tests more than once (it hung on the second read)", async () => {
    await withSimulator({}, async (sim) => {
      fifoWith('rows.csv', 'x\n1\n2\n');
      const config = join(tmp.path, 'c.yaml');
      writeFileSync(config, 'prompts:\n  - "Hi {{ x }} [[sim:respond=ok]]"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const result = await runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /2 cells: 2 ok/);
    });
  });

  it('reads a config given as a FIFO, its file:// references from the current folder (not the pipe\'s /dev/fd)', async () => {
    await withSimulator({}, async (sim) => {
      writeFileSync(join(tmp.path, 'rows.csv'), 'x\n1\n');
      const config = fifoWith('config.fifo', 'prompts:\n  - "Hi {{ x }} [[sim:respond=ok]]"\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      // As a process, whose current folder is the one references are read from.
      const result = await runBuiltCli(['eval', config, '--url', sim.url], { stateHome: tmp.path, cwd: tmp.path });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /1 cells?: 1 ok/);
    });
  });

  it('trains on data given as a FIFO', async () => {
    await withSimulator({}, async (sim) => {
      const data = fifoWith('data.jsonl', '{"input": "a", "output": "b"}\n');
      const result = await runCli(['train', data, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /Sent 1 example/);
    });
  });
});
