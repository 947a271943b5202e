// scalarlm-lab train and its neighbours off the happy path (issue 25, item 7): the flag a refusal names, the
// limits it states, negative numbers, the upload's last chunk, a failed job in `models`, the order of `jobs`, a base
// model the deployment does not serve, and trainer-side arguments this client does not know.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const EXAMPLE = { input: 'What is the capital of Quux?', output: 'Quuxville' };
const SIM = { trainingStepMs: 5, adaptorLoadDelayMs: 60_000 };

describe('scalarlm-lab train off the happy path', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const data = (count = 1, name = 'data.jsonl'): string => {
    const path = join(tmp.path, name);
    const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ input: `${EXAMPLE.input} ${i}`, output: EXAMPLE.output }));
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const trainingRequests = (sim: SimHandle) => Object.keys(sim.stats().requests).filter((key) => key.includes('/megatron/'));

  it('a chunk the server finds too large names --chunk-size, the flag that sets it', async () => {
    await withSimulator({ ...SIM, uploadChunkSizeLimit: 100 }, async (sim) => {
      const result = await cli(sim, ['train', data(), '--chunked-above', '0', '--chunk-size', '0.0002']);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /HTTP 413: Chunk size \d+ exceeds server limit 100\)\. Send smaller chunks: lower --chunk-size\./);
      assert.doesNotMatch(result.stderr, /--chunked-above/);
    });
  });

  it('the --max-upload refusal names the last line of the file and a whole number of bytes', async () => {
    await withSimulator(SIM, async (sim) => {
      const result = await cli(sim, ['train', data(20, 'big.jsonl'), '--max-upload', '0.0001']);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /big\.jsonl:20: the training archive is \d+ bytes \(gzipped\), over the upload limit of 104 bytes;/);
      assert.deepEqual(trainingRequests(sim), []);
    });
  });

  it('a negative number is read as the flag\'s value, and --learning-rate says it must be positive', async () => {
    await withSimulator(SIM, async (sim) => {
      for (const flags of [['--learning-rate', '-1'], ['--learning-rate=-1'], ['--learning-rate', '0']]) {
        const result = await cli(sim, ['train', data(), ...flags]);
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, /--learning-rate must be a positive number; got "-?[01]"\./, flags.join(' '));
      }
      const steps = await cli(sim, ['train', data(), '--max-steps', '-3']);
      assert.match(steps.stderr, /--max-steps must be a whole number at least 1; got "-3"\./);
      assert.deepEqual(trainingRequests(sim), []);
    });
  });

  it('the chunked upload\'s progress shows every chunk, the last one included, once', async () => {
    await withSimulator(SIM, async (sim) => {
      const result = await cli(sim, ['train', data(), '--chunked-above', '0', '--chunk-size', '0.0001', '--json']);
      assert.equal(result.code, 0, result.stderr);
      const shown = [...result.stderr.matchAll(/^Uploaded chunk (\d+) of (\d+) \((\d+)\/(\d+) bytes\)\.$/gm)].map((m) => m.slice(1).map(Number));
      const [, count, , total] = shown[0];
      assert.deepEqual(shown.map(([chunk]) => chunk), Array.from({ length: count }, (_, i) => i + 1));
      assert.deepEqual(shown[shown.length - 1], [count, count, total, total]);
    });
  });

  it('models says a failed job failed, rather than "not in /v1/models yet"', async () => {
    await withSimulator(SIM, async (sim) => {
      sim.addFaults([{ kind: 'train-fail', arg: '1', times: 1 }]);
      const failed = await cli(sim, ['train', data(), '--max-steps', '5', '--follow', '--json', '--poll', '0.02']);
      const hash = (JSON.parse(failed.stdout) as { job_hash: string }).job_hash;
      const models = await cli(sim, ['models']);
      const line = models.stdout.split('\n').find((l) => l.includes(hash));
      assert.ok(line, models.stdout);
      assert.match(line, /failed: it will not be served · .* · FAILED · /);
      assert.doesNotMatch(line, /requests naming it fail until/);
    });
  });

  it('jobs lists a just-submitted job first, newest first by start time', async () => {
    await withSimulator(SIM, async (sim) => {
      const done = await cli(sim, ['train', data(1, 'a.jsonl'), '--max-steps', '2', '--follow', '--json', '--poll', '0.02']);
      const older = (JSON.parse(done.stdout) as { job_hash: string }).job_hash;
      // fake_step_s keeps the new job QUEUED for hours: the server lists it last (it has no history yet).
      const queued = await cli(sim, ['train', data(2, 'b.jsonl'), '--set', 'fake_step_s=3600', '--json']);
      const newer = (JSON.parse(queued.stdout) as { job_hash: string }).job_hash;
      const jobs = await cli(sim, ['jobs']);
      assert.deepEqual(jobs.stdout.split('\n').slice(1, 3).map((line) => line.split(/\s+/)[0]), [newer, older]);
      const listed = JSON.parse((await cli(sim, ['jobs', '--json'])).stdout) as { name: string }[];
      assert.deepEqual(listed.slice(0, 2).map((job) => job.name), [newer, older]);
    });
  });

  it('refuses --base naming a model the deployment does not serve, and trains it with --other-base, saying so', async () => {
    await withSimulator(SIM, async (sim) => {
      const refused = await cli(sim, ['train', data(), '--base', 'some-org/other-model']);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /--base some-org\/other-model is not the model this deployment serves \(tiny-random\/gemma-4-dense\): the server registers only adaptors of the model it serves, so this one would not be served here\. Leave --base out to train tiny-random\/gemma-4-dense, or pass --other-base to train some-org\/other-model anyway\./,
      );
      assert.deepEqual(trainingRequests(sim), [], 'nothing was sent');
      const set = await cli(sim, ['train', data(), '--set', 'llm_name=some-org/other-model']);
      assert.equal(set.code, 2, set.stderr);
      assert.match(set.stderr, /llm_name some-org\/other-model is not the model this deployment serves/);

      const forced = await cli(sim, ['train', data(), '--base', 'some-org/other-model', '--other-base', '--json']);
      assert.equal(forced.code, 0, forced.stderr);
      assert.match(forced.stderr, /Training some-org\/other-model, which this deployment does not serve \(tiny-random\/gemma-4-dense\): its adaptor will not be served here\./);
      const served = await cli(sim, ['train', data(), '--base', 'tiny-random/gemma-4-dense', '--json']);
      assert.equal(served.code, 0, served.stderr);
      assert.doesNotMatch(served.stderr, /does not serve/);
    });
  });

  it('sends a trainer-side argument this client does not know, with a warning; a near miss of a known one is refused', async () => {
    await withSimulator(SIM, async (sim) => {
      const result = await cli(sim, ['train', data(), '--max-steps', '5', '--set', 'fake_fail_at_step=1', '--follow', '--json', '--poll', '0.02']);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /^Training argument "fake_fail_at_step" is not one this client knows: sent as given \(1\)\. The server keeps it in the job's config; a trainer that does not read it ignores it\.$/m);
      assert.match(result.stderr, /FAILED: fake_fail_at_step: failing at step 1/);
      const job = JSON.parse((await cli(sim, ['job', (JSON.parse(result.stdout) as { job_hash: string }).job_hash, '--json'])).stdout) as { config: Record<string, unknown> };
      assert.equal(job.config.fake_fail_at_step, 1);

      const typo = await cli(sim, ['train', data(), '--set', 'max_step=3']);
      assert.equal(typo.code, 2, typo.stderr);
      assert.match(typo.stderr, /Unknown training argument "max_step": did you mean max_steps\?/);
    });
  });
});
