// A reader that has read enough closes the pipe (`… | head -1`, issue 26 item 10): the command ends quietly with
// the exit code it would have had, releasing its run's lock; a lock a process that is gone left is taken over,
// saying so.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const CLI = join(__dirname, '../../../../dist/cli.js');

describe('scalarlm-lab under a closed pipe, and a lock left behind', () => {
  const tmp = useTempDir();
  const env = () => ({ ...process.env, XDG_STATE_HOME: tmp.path });
  const runsDir = () => join(tmp.path, 'scalarlm-lab', 'runs');

  /** The built CLI with its stdout read as `head -1` does: the first chunk, then the pipe closed. */
  async function headOne(argv: string[]): Promise<{ code: number | null; first: string; stderr: string }> {
    const child = spawn(process.execPath, [CLI, ...argv], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', (chunk: Buffer) => {
      first = chunk.toString();
      child.stdout.destroy();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, first, stderr };
  }

  it('generate … | head -1 ends quietly, exits as it would have, and leaves no lock', async function () {
    this.timeout(60_000);
    await withSimulator({}, async (sim) => {
      const file = join(tmp.path, 'many.txt');
      writeFileSync(file, Array.from({ length: 3000 }, (_, i) => `prompt number ${i}`).join('\n'));
      const { code, first, stderr } = await headOne(['generate', file, '--max-tokens', '8', '--url', sim.url]);
      assert.match(first, /^\{/);
      assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, stderr);
      assert.match(stderr, /The output was closed by its reader: going on to the end without printing/);
      assert.match(stderr, /3000 prompts: 3000 ok/);
      assert.equal(code, 0);
      assert.deepEqual(readdirSync(runsDir()).filter((name) => name.endsWith('.lock')), [], 'the lock is released');
    });
  });

  it('diff … | head -1 exits 3 for changes, as diff alone does', async function () {
    this.timeout(60_000);
    await withSimulator({}, async (sim) => {
      const runIds: string[] = [];
      for (const answer of ['one', 'two']) {
        const file = join(tmp.path, `${answer}.txt`);
        writeFileSync(file, Array.from({ length: 5 }, (_, i) => `question ${i} [[sim:respond=${answer} ${i}]]`).join('\n'));
        const run = await runCli(['generate', file, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
        runIds.push(/runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(run.stderr)?.[1] ?? '');
      }
      const alone = await runCli(['diff', ...runIds], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      assert.equal(alone.code, 3, alone.stderr);
      const piped = await headOne(['diff', ...runIds]);
      assert.doesNotMatch(piped.stderr, /EPIPE|\n\s+at /, piped.stderr);
      assert.equal(piped.code, 3);
    });
  });

  it('takes over the lock of a run whose process is gone, saying so', async () => {
    await withSimulator({}, async (sim) => {
      const file = join(tmp.path, 'few.txt');
      writeFileSync(file, 'a\nb\n');
      const run = await runCli(['generate', file, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      const ledger = /Run started: (\S+\.ledger\.jsonl)/.exec(run.stderr)?.[1];
      assert.ok(ledger, run.stderr);
      // A process that has exited: its pid names no one now.
      const gone = spawn(process.execPath, ['-e', '']);
      await once(gone, 'exit');
      writeFileSync(`${ledger}.lock`, JSON.stringify({ pid: gone.pid, at: new Date().toISOString() }));
      const resumed = await runCli(['generate', '--resume', ledger, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, cwd: tmp.path });
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stderr, new RegExp(`The run's lock was left by process ${gone.pid}, which is gone \\(killed, or its output pipe closed\\): taken over\\.`));
      assert.equal(existsSync(`${ledger}.lock`), false);
    });
  });
});
