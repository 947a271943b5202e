// The job panel's watch against the simulator: the status and every log line once, in order, to the job's
// end; from a given line on after a page reload; and on again after a dropped connection.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { prepareTraining, TrainingClient, type LogLine } from '../../../../src/core/training';
import { JobWatch } from '../../../../src/host/training/job-watch';
import type { SimHandle } from '../../../../src/sim';
import { withSimulator } from '../../helpers/simulator';

const DATA = `${JSON.stringify({ input: 'Capital of Quux?', output: 'Quuxville' })}\n`;
const FAST_RETRY = { attempts: 2, baseMs: 5, maxMs: 10 };

async function withJob(body: (training: TrainingClient, hash: string, sim: SimHandle) => Promise<void>): Promise<void> {
  await withSimulator({ trainingStepMs: 2 }, async (sim) => {
    const api = new ScalarLMClient({ baseUrl: sim.url });
    try {
      const training = new TrainingClient(api, FAST_RETRY);
      const { archive, params } = prepareTraining(DATA, 'data.jsonl', { max_steps: 6 });
      const { hash } = await training.submit(archive, params);
      await body(training, hash, sim);
    } finally {
      await api.close();
    }
  });
}

describe('job watch', () => {
  it('follows a job to COMPLETED, with each log line once and in order', async () => {
    await withJob(async (training, hash) => {
      const statuses: string[] = [];
      const lines: LogLine[] = [];
      const watch = new JobWatch(training, hash, 5, { onDetail: (d) => statuses.push(d.status.status), onLogs: (l) => lines.push(...l), onError: (e) => assert.fail(String(e)) });
      watch.resumeFrom(0);
      await watch.done;
      assert.equal(statuses[statuses.length - 1], 'COMPLETED');
      assert.equal(watch.following, false);
      assert.ok(lines.length > 3);
      assert.deepEqual(lines.map((l) => l.lineNumber), lines.map((_, i) => i));
      const all = await training.logs(hash, 0);
      assert.equal(all.state === 'lines' && all.lines.length, lines.length);
    });
  });

  it('reads from the line the page asks for after a reload, and goes on after a failed read', async () => {
    await withJob(async (training, hash, sim) => {
      const lines: LogLine[] = [];
      const errors: unknown[] = [];
      // The first log read fails (a dropped connection, as the page sees it); the next poll reads on.
      sim.addFaults([{ kind: 'status', route: `/v1/megatron/train/logs/${hash}`, arg: '502', times: 3 }]);
      const watch = new JobWatch(training, hash, 5, { onDetail: () => undefined, onLogs: (l) => lines.push(...l), onError: (e) => errors.push(e) });
      watch.resumeFrom(2);
      await watch.done;
      assert.ok(errors.length >= 1, 'the failed read was reported');
      assert.equal(lines[0].lineNumber, 2);
      assert.deepEqual(lines.map((l) => l.lineNumber), lines.map((_, i) => i + 2));
      // A page reloaded after the end gets its missing lines again.
      const again: LogLine[] = [];
      const later = new JobWatch(training, hash, 5, { onDetail: () => undefined, onLogs: (l) => again.push(...l), onError: (e) => assert.fail(String(e)) });
      later.resumeFrom(lines.length);
      await later.done;
      assert.equal(again[0].lineNumber, lines.length);
    });
  });
});
