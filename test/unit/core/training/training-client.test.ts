// The training client against the simulator over real sockets: one job per intent (the same data and
// arguments name the same job, by either upload route), a failed chunk sent again within the same upload,
// transient status 500s waited out, logs resumed by line number, cancel said plainly, and "ready" meaning
// the adaptor answers.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { followJob, prepareTraining, requestCancel, TrainingClient, TrainingJobNotFoundError, type UploadProgress } from '../../../../src/core/training';
import { expectedJobHash } from '../../../../src/core/training/job-hash';
import type { SimHandle } from '../../../../src/sim';
import { withSimulator } from '../../helpers/simulator';
import { waitFor } from '../../helpers/wait-for';

const DATA = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
]
  .map((example) => JSON.stringify(example))
  .join('\n');
const FAST_RETRY = { attempts: 4, baseMs: 5, maxMs: 20 };
// No torn status reads but those a test arms: some count the reads.
const SIM = { trainingStepMs: 2, adaptorLoadDelayMs: 60_000, trainStatusTornRate: 0 };

async function withTraining<T>(body: (training: TrainingClient, sim: SimHandle) => Promise<T>, options = {}): Promise<T> {
  return withSimulator({ ...SIM, ...options }, async (sim) => {
    const api = new ScalarLMClient({ baseUrl: sim.url });
    try {
      return await body(new TrainingClient(api, FAST_RETRY), sim);
    } finally {
      await api.close();
    }
  });
}

describe('training client', () => {
  it('names the same job when the same data and arguments are submitted again: one job on the server', async () => {
    await withTraining(async (training, sim) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 5, learning_rate: 0.01 });
      const first = await training.submit(archive, params);
      assert.match(first.hash, /^[0-9a-f]{64}$/);
      assert.deepEqual([first.route, first.existing, first.status.status], ['single', false, 'QUEUED']);
      const again = prepareTraining(`${DATA}\n`, 'data.jsonl', { learning_rate: 0.01, max_steps: 5 });
      const second = await training.submit(again.archive, again.params);
      assert.equal(second.hash, first.hash);
      assert.equal(second.existing, true);
      assert.equal(sim.stats().trainingJobs, 1);
    });
  });

  it('asks for the job by its hash when the answer is lost after the server took it, and sends nothing again', async () => {
    await withTraining(async (training, sim) => {
      sim.addFaults([{ kind: 'drop-after', route: '/v1/megatron/train', times: 1 }]);
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 2 });
      const job = await training.submit(archive, params);
      assert.equal(sim.stats().requests['POST /v1/megatron/train'], 1, 'sent once');
      assert.equal(sim.stats().requests[`GET /v1/megatron/train/${job.hash}`], 1, 'looked up');
      assert.deepEqual([job.recovered, job.existing], [true, false]);
      assert.equal(sim.stats().trainingJobs, 1);
    });
  });

  it('names the job the server names, from the archive and params alone', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 3, learning_rate: 0.01, lora_config: { r: 8 } });
      assert.equal((await training.submit(archive, params)).hash, expectedJobHash(archive, params));
    });
  });

  it('sends a large archive in checked chunks, sends a failed chunk again in the same upload, and names the job the single POST would', async () => {
    await withTraining(async (training, sim) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 2 });
      sim.addFaults([{ kind: 'status', route: '/v1/megatron/upload/chunk', arg: '500', times: 1 }]);
      const progress: UploadProgress[] = [];
      const chunked = await training.submit(archive, params, { limits: { singlePostMaxBytes: 64, chunkBytes: 64 }, onProgress: (p) => progress.push(p) });
      const chunks = Math.ceil(archive.length / 64);
      assert.equal(chunked.route, 'chunked');
      const requests = sim.stats().requests;
      assert.equal(requests['POST /v1/megatron/upload/init'], 1, 'one upload');
      assert.equal(requests['POST /v1/megatron/upload/chunk'], chunks + 1, 'the failed chunk sent once more');
      assert.deepEqual(progress.filter((p) => p.retryingChunk !== undefined).map((p) => p.retryingChunk), [0]);
      assert.equal(progress[progress.length - 1].sentBytes, archive.length);
      const single = await training.submit(archive, params);
      assert.deepEqual([single.hash, single.existing], [chunked.hash, true]);
      assert.equal(sim.stats().trainingJobs, 1);
    });
  });

  it('waits out the 500 of a status read mid-rewrite, and says plainly when a job is unknown', async () => {
    await withTraining(async (training, sim) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 2 });
      const { hash } = await training.submit(archive, params);
      sim.addFaults([{ kind: 'train-status-torn', times: 2 }]);
      assert.equal((await training.job(hash)).hash, hash);
      assert.equal((await training.job(hash.slice(0, 8))).hash, hash, 'a prefix is read back as the whole hash');
      assert.equal(sim.stats().requests[`GET /v1/megatron/train/${hash}`], 3);
      const unknown = 'f'.repeat(64);
      await assert.rejects(training.job(unknown), (error: Error) => error instanceof TrainingJobNotFoundError && error.message.startsWith(`The deployment has no training job "${unknown}"`));
      // Cancel's null is the same for an unknown job and one without a Slurm job: job detail tells them apart.
      await assert.rejects(training.cancel(unknown), TrainingJobNotFoundError);
      await assert.rejects(training.logs(unknown), TrainingJobNotFoundError);
      await assert.rejects(training.dataset(unknown), (error: Error) => error instanceof TrainingJobNotFoundError && /answered HTTP 404/.test(error.message));
      assert.equal(sim.stats().requests[`GET /v1/megatron/train/${unknown}`], 2, 'not found is not retried (once for job, once for cancel)');
    });
  });

  it('pages and searches the dataset the job was trained on', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 2 });
      const { hash } = await training.submit(archive, params);
      const page = await training.dataset(hash, { offset: 1, limit: 1 });
      assert.deepEqual([page.total, page.matched, page.examples.map((row) => [row.index, row.input, row.output])], [2, 2, [[1, 'Name a colour nobody has seen.', 'blurple']]]);
      const found = await training.dataset(hash, { q: 'QUUX' });
      assert.deepEqual([found.matched, found.examples[0].output], [1, 'Quuxville']);
    });
  });

  it('reads no logs before the job starts, then its lines, and resumes after the last line seen', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 3 });
      const { hash } = await training.submit(archive, params);
      assert.deepEqual(await training.logs(hash), { state: 'not-started' });
      const seen: string[] = [];
      const outcome = await followJob(training, hash, { pollMs: 5, onLogs: (lines) => seen.push(...lines.map((l) => l.line)) });
      assert.equal(outcome.kind, 'completed');
      const all = await training.logs(hash);
      assert.ok(all.state === 'lines');
      assert.deepEqual(seen, all.lines.map((l) => l.line), 'every line once, in order');
      const tail = await training.logs(hash, all.lines.length - 2);
      assert.deepEqual(tail.state === 'lines' && tail.lines.map((l) => l.lineNumber), [all.lines.length - 2, all.lines.length - 1]);
      // The job waits 8 steps' time before it starts: long enough here for the first read to come before it.
    }, { trainingStepMs: 60 });
  });

  it('calls a job complete once the adaptor answers, which a one-token generate also loads', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 4 });
      const { hash } = await training.submit(archive, params);
      const statuses: string[] = [];
      const outcome = await followJob(training, hash, { pollMs: 5, onStatus: (d) => statuses.push(d.status.status) });
      assert.equal(outcome.kind, 'completed');
      assert.equal(statuses[statuses.length - 1], 'COMPLETED');
      const { data: models } = await training.api.models();
      assert.ok(models.some((model) => model.id === hash && model.parent === 'tiny-random/gemma-4-dense'));
      const { data } = await training.api.generate({ prompts: ['What is the capital of Quux?'], model: hash, max_tokens: 8 });
      assert.equal(data.results[0].response, 'Quuxville');
    });
  });

  it('reports a failed job with its last log lines', async () => {
    await withTraining(async (training, sim) => {
      sim.addFaults([{ kind: 'train-fail', arg: '2', times: 1 }]);
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 10 });
      const { hash } = await training.submit(archive, params);
      const outcome = await followJob(training, hash, { pollMs: 5 });
      assert.equal(outcome.kind, 'failed');
      assert.ok(outcome.kind === 'failed' && outcome.lastLines.some((l) => l.line.startsWith('RuntimeError: ')));
    });
  });

  it('says a cancel is only requested, and that the job runs on when the trainer overwrites it', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 200 });
      const { hash } = await training.submit(archive, params);
      await waitFor(async () => (await training.job(hash)).status.status === 'TRAINING', { timeoutMs: 5000, what: 'the job training', everyMs: 5 });
      const outcome = await requestCancel(training, hash, { watchMs: 5000, pollMs: 5 });
      assert.equal(outcome.answered.status, 'CANCELLED');
      assert.equal(outcome.runsOn, true);
      assert.equal(outcome.after.status, 'TRAINING');
    });
  });

  it('ends following at CANCELLED: a queued job\'s cancel sticks', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 2 });
      const { hash } = await training.submit(archive, params);
      // Cancelled while queued: its trainer has not started (8 steps later), so nothing writes over it.
      const outcome = await requestCancel(training, hash, { watchMs: 50, pollMs: 5 });
      assert.equal(outcome.kind, 'not-started');
      const followed = await followJob(training, hash, { pollMs: 5 });
      assert.equal(followed.kind, 'cancelled');
    }, { trainingStepMs: 2000 });
  });

  it('stops following when the signal aborts, with the job as last seen', async () => {
    await withTraining(async (training) => {
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 100000 });
      const { hash } = await training.submit(archive, params);
      const controller = new AbortController();
      const outcome = await followJob(training, hash, { pollMs: 5, signal: controller.signal, onStatus: () => controller.abort() });
      assert.equal(outcome.kind, 'stopped');
      assert.equal(outcome.detail?.hash, hash);
    });
  });
});
