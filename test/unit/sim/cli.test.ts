import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { runSimCommand } from '../../../src/sim/cli';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

describe('sim: the sim command', () => {
  it('rejects bad flags with a clear message and exit code 2', async () => {
    for (const argv of [['--port', 'abc'], ['--profile', 'ancient'], ['--fault', 'kind=explode'], ['--fault', 'nonsense'], ['--bogus'], ['--slots', '0'], ['--training-step-time=-1'], ['--max-upload-size', '0']]) {
      const stdout = capture();
      const stderr = capture();
      const code = await runSimCommand(argv, { stdout: stdout.stream, stderr: stderr.stream });
      assert.equal(code, 2, argv.join(' '));
      assert.match(stderr.text(), /^scalarlm-lab sim: .+\nRun with --help/, argv.join(' '));
      assert.equal(stdout.text(), '');
    }
  });

  it('prints its help', async () => {
    const stdout = capture();
    assert.equal(await runSimCommand(['--help'], { stdout: stdout.stream, stderr: capture().stream }), 0);
    assert.match(stdout.text(), /--fault SPEC/);
    assert.match(stdout.text(), /--training-step-time S/);
    assert.match(stdout.text(), /--example-jobs +three trained adaptors and their jobs, and a failed job \(a fresh simulator has none, as a real deployment\)/);
  });

  it('listens, logs requests to stderr, and stops when its signal aborts', async () => {
    const stdout = capture();
    const stderr = capture();
    const stop = new AbortController();
    const running = runSimCommand(['--port', '0', '--zero-latency', '--fault', 'kind=status,route=/v1/health,arg=503,times=1'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      signal: stop.signal,
    });
    const url = await new Promise<string>((resolve) => {
      stdout.stream.on('data', () => {
        const match = /^ScalarLM simulator listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(stdout.text());
        if (match) resolve(match[1]);
      });
    });
    assert.equal((await fetch(`${url}/v1/health`)).status, 503);
    assert.equal((await fetch(`${url}/v1/health`)).status, 200);
    stop.abort();
    assert.equal(await running, 0);
    assert.match(stderr.text(), /^GET \/v1\/health 503 \d+ms fault=status:503$/m);
  });

  it('starts with no training jobs unless --example-jobs', async () => {
    for (const [flags, jobs] of [[[], 0], [['--example-jobs'], 4]] as const) {
      const stdout = capture();
      const stop = new AbortController();
      const running = runSimCommand(['--port', '0', '--quiet', ...flags], { stdout: stdout.stream, stderr: capture().stream, signal: stop.signal });
      const url = await new Promise<string>((resolve) => {
        stdout.stream.on('data', () => {
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(stdout.text());
          if (match) resolve(match[1]);
        });
      });
      const { models } = (await (await fetch(`${url}/v1/megatron/list_models`)).json()) as { models: unknown[] };
      stop.abort();
      assert.equal(await running, 0);
      assert.equal(models.length, jobs, flags.join(' '));
    }
  });

  it('runs standalone from main.js and exits 0 on SIGTERM', async () => {
    const main = path.join(__dirname, '..', '..', '..', 'src', 'sim', 'main.js');
    const child = spawn(process.execPath, [main, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on (\S+)\n/.exec(out);
        if (match) resolve(match[1]);
      });
      child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
    });
    assert.deepEqual(await (await fetch(`${url}/v1/health/keepalive`)).json(), { status: 'ok' });
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
