// scalarlm-lab train, jobs, job, logs and cancel against the simulator. The done-when journey runs the built
// CLI as a process: train --follow --json ends with the job's record, models lists the adaptor, generate
// with it answers a training input with its output, and the same train again names the same job.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { jsonLines, runBuiltCli, runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const EXAMPLES = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
];
const SIM = { trainingStepMs: 5, adaptorLoadDelayMs: 60_000 };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built scalarlm-lab as a process. */
function runBuilt(argv: string[]): Promise<Run> {
  return runBuiltCli(argv);
}

describe('scalarlm-lab train and the training jobs', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const data = (lines: readonly unknown[] = EXAMPLES, name = 'data.jsonl'): string => {
    const path = join(tmp.path, name);
    writeFileSync(path, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n');
    return path;
  };
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url]);

  it('trains to COMPLETED, the adaptor is listed and answers its training input, and the same train names the same job', async () => {
    await withSimulator(SIM, async (sim) => {
      const file = data();
      const trained = await runBuilt(['train', file, '--url', sim.url, '--max-steps', '20', '--follow', '--json', '--poll', '0.02']);
      assert.equal(trained.code, 0, trained.stderr);
      const record = JSON.parse(trained.stdout) as { job_hash: string; status: string; model: string };
      assert.equal(record.status, 'COMPLETED');
      assert.match(record.job_hash, /^[0-9a-f]{64}$/);
      assert.equal(record.model, record.job_hash);
      assert.match(trained.stderr, /TRAINING · step \d+ of 20 · last loss \d\.\d{4}/);

      const models = await runBuilt(['models', '--url', sim.url]);
      assert.match(models.stdout, new RegExp(`${record.model} +adaptor of tiny-random/gemma-4-dense`));

      const prompts = join(tmp.path, 'prompts.jsonl');
      writeFileSync(prompts, `${JSON.stringify(EXAMPLES[0].input)}\n`);
      const generated = await runBuilt(['generate', prompts, '--url', sim.url, '--model', record.model, '--max-tokens', '8']);
      assert.equal(generated.code, 0, generated.stderr);
      assert.equal(jsonLines(generated.stdout)[0].response, EXAMPLES[0].output);

      const again = await runBuilt(['train', file, '--url', sim.url, '--max-steps', '20', '--json']);
      assert.equal(again.code, 0, again.stderr);
      assert.equal((JSON.parse(again.stdout) as { job_hash: string }).job_hash, record.job_hash);
      assert.match(again.stderr, /the deployment already had this job/);
      assert.equal(sim.stats().trainingJobs, 1);
    });
  });

  it('sends the flags and --set as the server\'s argument names, in one key order whatever the command line\'s', async () => {
    await withSimulator(SIM, async (sim) => {
      const file = data();
      const flags = ['--set', 'batch_size=2', '--adapter', 'lora', '--learning-rate', '0.01', '--gpus', '0', '--base', 'tiny-random/gemma-4-dense', '--max-steps', '3'];
      const first = JSON.parse((await cli(sim, ['train', file, ...flags, '--json'])).stdout) as { job_hash: string };
      const reordered = JSON.parse((await cli(sim, ['train', file, ...flags.slice(4), ...flags.slice(0, 4), '--json'])).stdout) as { job_hash: string };
      assert.equal(reordered.job_hash, first.job_hash);
      const job = JSON.parse((await cli(sim, ['job', first.job_hash, '--json'])).stdout) as { config: Record<string, unknown> };
      assert.deepEqual(
        [job.config.llm_name, job.config.max_steps, job.config.learning_rate, job.config.adapter_type, job.config.gpus, job.config.batch_size],
        ['tiny-random/gemma-4-dense', 3, 0.01, 'lora', 0, 2],
      );
      // The params as sent: the server hashes json.dumps of them, dataset_hash last (training.md §2.1).
      const params = `{"llm_name": "tiny-random/gemma-4-dense", "max_steps": 3, "learning_rate": 0.01, "adapter_type": "lora", "gpus": 0, "batch_size": 2, "dataset_hash": "${String(job.config.dataset_hash)}"}`;
      assert.equal(first.job_hash, createHash('sha256').update(params).digest('hex'));
    });
  });

  it('refuses bad input before sending anything, at file:line, exit 2', async () => {
    await withSimulator(SIM, async (sim) => {
      const cases: [string[], RegExp][] = [
        [[data([], 'empty.jsonl')], /empty\.jsonl:1: the file has no training examples/],
        [[data([EXAMPLES[0], '{"input": "x"}'], 'bad.jsonl')], /bad\.jsonl:2: the object has no "output"/],
        [[data(EXAMPLES, 'big.jsonl'), '--max-upload', '0.0001'], /big\.jsonl:\d+: the training archive is \d+ bytes \(gzipped\), over the upload limit/],
        [[data(), '--set', 'max_step=3'], /Unknown training argument "max_step"/],
        [[data(), '--adapter', 'qlora'], /adapter_type must be one of tokenformer, lora/],
        [[data(), '--max-steps', '5', '--set', 'max_steps=6'], /max_steps is given twice/],
      ];
      for (const [argv, expected] of cases) {
        const result = await cli(sim, ['train', ...argv]);
        assert.equal(result.code, 2, `${argv.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, expected);
      }
      const sent = Object.keys(sim.stats().requests).filter((key) => key.includes('/megatron/'));
      assert.deepEqual(sent, [], 'nothing was sent');
    });
  });

  it('sends a large archive in chunks and says how far the upload is', async () => {
    await withSimulator(SIM, async (sim) => {
      const result = await cli(sim, ['train', data(), '--max-steps', '2', '--chunked-above', '0', '--chunk-size', '0.0001', '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /^Uploaded chunk 1 of \d+ \(104\/\d+ bytes\)\.\n/);
      assert.match(result.stderr, /\(\d+ bytes, chunked upload\): a new job/);
      assert.ok(sim.stats().requests['POST /v1/megatron/upload/chunk'] > 1);
    });
  });

  it('exits 1 when the job fails, with its last log lines', async () => {
    await withSimulator(SIM, async (sim) => {
      sim.addFaults([{ kind: 'train-fail', arg: '2', times: 1 }]);
      const result = await cli(sim, ['train', data(), '--max-steps', '10', '--follow', '--json', '--poll', '0.02']);
      assert.equal(result.code, 1, result.stderr);
      assert.equal((JSON.parse(result.stdout) as { status: string }).status, 'FAILED');
      assert.match(result.stderr, /FAILED: fake_fail_at_step/);
      assert.match(result.stderr, /Its last log lines:\n(.|\n)*RuntimeError: /);
    });
  });

  it('exits 3 when it stops following before the end (--timeout), and the job goes on', async () => {
    await withSimulator(SIM, async (sim) => {
      const result = await cli(sim, ['train', data(), '--max-steps', '100000', '--follow', '--json', '--poll', '0.02', '--timeout', '0.5']);
      assert.equal(result.code, 3, result.stderr);
      const record = JSON.parse(result.stdout) as { job_hash: string; status: string };
      assert.match(record.status, /QUEUED|TRAINING/);
      assert.match(result.stderr, /Stopped following job [0-9a-f]{64}/);
    });
  });

  it('exits 3 with a sentence, not a stack, when --timeout ends it in the middle of the upload', async () => {
    await withSimulator(SIM, async (sim) => {
      sim.addFaults([{ kind: 'slow', route: '/v1/megatron/train', arg: '5000', times: 1 }]);
      const result = await cli(sim, ['train', data(), '--timeout', '0.3']);
      assert.equal(result.code, 3, result.stderr);
      assert.equal(result.stderr, 'Stopped (--timeout reached) before the command was done; whatever reached the deployment goes on there.\n');
    });
  });

  it('lists jobs, shows one, prints and follows its logs, and has nothing to cancel once it completed', async () => {
    await withSimulator(SIM, async (sim) => {
      const submitted = await cli(sim, ['train', data(), '--max-steps', '3', '--json']);
      const hash = (JSON.parse(submitted.stdout) as { job_hash: string }).job_hash;

      const logs = await cli(sim, ['logs', hash, '--follow', '--poll', '0.02']);
      assert.equal(logs.code, 0, logs.stderr);
      assert.equal(logs.stdout.split('\n').filter((line) => /Training step \d+ - epoch/.test(line)).length, 3);
      const tail = await cli(sim, ['logs', hash, '--from-line', '2', '--json']);
      assert.equal(jsonLines(tail.stdout)[0].line_number, 2);

      // `job` asks whether the adaptor answers, which registers it (deployed) as a request naming it does.
      const job = await cli(sim, ['job', hash]);
      assert.match(job.stdout, /Status {2}COMPLETED · step 3 of 3 · last loss/);
      assert.match(job.stdout, /Served {2}yes: ask for it with --model/);
      const jobs = await cli(sim, ['jobs']);
      assert.match(jobs.stdout, new RegExp(`^JOB +STATUS +PROGRESS +AVERAGE LOSS +DEPLOYED +STARTED \\(UTC\\)\\n${hash} +COMPLETED +step 3 of 3 +\\d\\.\\d{4} +yes`));
      const unknown = await cli(sim, ['job', 'f'.repeat(64)]);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /The deployment has no training job "f{64}"/);

      const finished = await cli(sim, ['cancel', hash]);
      assert.deepEqual([finished.code, /had already ended \(COMPLETED\)/.test(finished.stderr)], [0, true]);

    });
  });
});
