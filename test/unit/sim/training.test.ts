// The simulator's training routes (training.md §1-§6, §10): a job submitted by multipart or chunked upload,
// followed QUEUED -> TRAINING -> COMPLETED with a falling loss and logs, then served as an adaptor that
// answers its training inputs; and the server's error bodies and quirks a client must cope with. Cancel,
// restart, delete and the delivery of adaptors have files of their own.

import * as assert from 'node:assert/strict';
import { simulatedCompletion } from '../../../src/sim';
import { eventually, get, json, post, useSimulator } from './helpers';
import { datasetArchive, EXAMPLES, jobInfo, multipartBody, postRaw, postTrain, sha256, tarOf, type TrainReply } from './training-helpers';

const BASE = 'tiny-random/gemma-4-dense';

describe('sim: training', () => {
  // The periodic task often, so a checkpoint is registered soon; no torn status reads, so each read is answered.
  const sim = useSimulator({ zeroLatency: true, trainingStepMs: 2, adaptorLoadDelayMs: 60_000, megatronRefreshPeriodMs: 20, trainStatusTornRate: 0, maxUploadFileSize: 100_000, uploadChunkSizeLimit: 1000 });

  async function finished(hash: string): Promise<TrainReply> {
    return eventually(async () => {
      const { status, body } = await jobInfo(sim(), hash);
      return status === 200 && ['COMPLETED', 'FAILED'].includes(body.job_status.status) ? body : undefined;
    }, 10_000, `job ${hash} to finish`);
  }

  async function modelIds(): Promise<string[]> {
    return json<{ data: { id: string }[] }>(await get(sim(), '/v1/models')).data.map((model) => model.id);
  }

  async function generate(model: string, prompt: string): Promise<string> {
    const reply = await post(sim(), '/v1/generate', { model, prompts: [prompt], max_tokens: 12 });
    assert.equal(reply.status, 200, reply.text);
    return json<{ results: { response: string }[] }>(reply).results[0].response;
  }

  it('names the job as the server does, trains it to COMPLETED with a falling loss, and serves the adaptor', async () => {
    const archive = datasetArchive();
    const submitted = await postTrain(sim(), archive, '{"max_steps": 20, "learning_rate": 0.01}');
    assert.equal(submitted.status, 200, submitted.text);
    const first = json<TrainReply>(submitted);
    const expected = sha256(`{"max_steps": 20, "learning_rate": 0.01, "dataset_hash": "${sha256(archive)}"}`);
    assert.equal(first.job_status.model_name, expected);
    assert.equal(first.job_status.status, 'QUEUED');
    assert.deepEqual(Object.keys(first.job_config), ['max_steps', 'learning_rate', 'dataset_hash', 'job_directory', 'training_data_path', 'llm_name']);
    assert.equal(first.job_config.llm_name, BASE);
    assert.equal(first.deployed, false);

    const done = await finished(expected);
    assert.equal(done.job_status.status, 'COMPLETED');
    const losses = (done.job_status.history ?? []).map((entry) => entry.loss);
    assert.equal(losses.length, 20);
    assert.equal(losses[0], 2.55);
    assert.ok(losses.every((loss, i) => i === 0 || loss < losses[i - 1]), `losses fall: ${losses.join(', ')}`);
    assert.deepEqual(Object.keys(done.job_config), [...Object.keys(done.job_config)].sort(), 'config.yaml comes back sorted');
    // Registered (deployed) by the periodic task before vLLM lists it (training.md §5).
    await eventually(async () => (await jobInfo(sim(), expected)).body.deployed || undefined, 5000, 'deployed');
    assert.ok(!(await modelIds()).includes(expected));

    // A /v1/generate naming it loads it; it answers a training input with its output, anything else as the base.
    assert.equal(await generate(expected, EXAMPLES[0].input), EXAMPLES[0].output);
    assert.equal(await generate(expected, 'something else'), simulatedCompletion('something else', 12).text);
    const listed = json<{ data: { id: string; parent: string | null }[] }>(await get(sim(), '/v1/models')).data.find((model) => model.id === expected);
    assert.equal(listed?.parent, BASE);

    const chat = await post(sim(), '/v1/chat/completions', { model: expected, messages: [{ role: 'user', content: EXAMPLES[1].input }] });
    assert.equal(json<{ choices: { message: { content: string } }[] }>(chat).choices[0].message.content.trim(), EXAMPLES[1].output);
    const completion = await post(sim(), '/v1/completions', { model: expected, prompt: EXAMPLES[2].input, max_tokens: 5 });
    assert.match(completion.text, new RegExp(`"text":"${EXAMPLES[2].output}"`));

    const { models } = json<{ models: { name: string; status: string; step: number; max_steps: number; deployed: boolean }[] }>(await get(sim(), '/v1/megatron/list_models'));
    const row = models.find((model) => model.name === expected);
    assert.deepEqual([row?.status, row?.step, row?.max_steps, row?.deployed], ['COMPLETED', 20, 20, true]);
    assert.equal(models[0].name, expected, 'newest first');
  });

  it('answers the same archive and params with the existing job, without llm_name and without a second job', async () => {
    const archive = datasetArchive([{ input: 'again', output: 'same' }], { plain: true });
    const jobsBefore = sim().stats().trainingJobs;
    const first = json<TrainReply>(await postTrain(sim(), archive, { max_steps: 3 }));
    const second = json<TrainReply>(await postTrain(sim(), archive, '{"max_steps":3}'));
    assert.equal(second.job_status.model_name, first.job_status.model_name);
    assert.ok(!('llm_name' in second.job_config));
    assert.equal(sim().stats().trainingJobs, jobsBefore + 1);
    const reordered = json<TrainReply>(await postTrain(sim(), archive, { max_steps: 3, learning_rate: 0.001 }));
    assert.notEqual(reordered.job_status.model_name, first.job_status.model_name);
  });

  it('streams the logs as NDJSON under an event-stream label, resumable by line number, and says when there are none yet', async () => {
    const hash = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 4, fake_step_s: 0.05 })).job_status.model_name as string;
    const early = await get(sim(), `/v1/megatron/train/logs/${hash}`);
    assert.equal(early.status, 500);
    assert.deepEqual(json(early), { error: `Could not find log file in /app/cray/jobs/${hash}` });
    await finished(hash);
    const all = await get(sim(), `/v1/megatron/train/logs/${hash}`);
    assert.equal(all.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const lines = all.text.trimEnd().split('\n').map((line) => JSON.parse(line) as { line: string; line_number: number });
    assert.deepEqual(lines.map((l) => l.line_number), lines.map((_, i) => i));
    assert.match(all.text, /^\{"line": "/, "Python's default separators");
    assert.equal(lines.filter((l) => /Training step \d+ - epoch/.test(l.line)).length, 4);
    const resumed = await get(sim(), `/v1/megatron/train/logs/${hash}?starting_line_number=${lines.length - 1}`);
    assert.equal(resumed.text.trimEnd().split('\n').length, 1);
    assert.equal((await get(sim(), `/v1/megatron/train/logs/${hash}?starting_line_number=999`)).text, '');
    assert.equal((await get(sim(), `/v1/megatron/train/logs/${hash}?starting_line_number=abc`)).status, 422);
  });

  it('fails a job whose params carry fake_fail_at_step, and the next job after a train-fail fault', async () => {
    const marked = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 10, fake_fail_at_step: 3 })).job_status.model_name as string;
    const failed = await finished(marked);
    assert.equal(failed.job_status.status, 'FAILED');
    assert.equal(failed.job_status.history?.length, 3);
    assert.match(failed.job_status.error ?? '', /step 3/);
    assert.equal(failed.deployed, false);

    sim().addFaults([{ kind: 'train-fail', arg: '1', times: 1 }]);
    const faulted = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 10, seed: 1 })).job_status.model_name as string;
    assert.equal((await finished(faulted)).job_status.status, 'FAILED');
  });

  it('gives one transient 500 while status.json is rewritten, with the train-status-torn fault', async () => {
    const hash = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 2 })).job_status.model_name as string;
    sim().addFaults([{ kind: 'train-status-torn', times: 1 }]);
    const torn = await get(sim(), `/v1/megatron/train/${hash}`);
    assert.equal(torn.status, 500);
    assert.deepEqual(json(torn), { detail: `Failed to retrieve training job information: 404: Training job was not found at /app/cray/jobs/${hash}` });
    assert.equal((await get(sim(), `/v1/megatron/train/${hash}`)).status, 200);
  });

  it('keeps at most training_history_length history entries, the first and the last among them', async () => {
    const hash = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 12, training_history_length: 5 })).job_status.model_name as string;
    const steps = ((await finished(hash)).job_status.history ?? []).map((entry) => entry.step);
    assert.deepEqual([steps.length, steps[0], steps[steps.length - 1]], [5, 0, 11]);
    assert.deepEqual(steps, [...steps].sort((a, b) => a - b));
  });

  it('serves a periodic checkpoint while the job still trains (deployed before COMPLETED)', async () => {
    const hash = json<TrainReply>(await postTrain(sim(), datasetArchive(), { max_steps: 40, steps_per_checkpoint: 2, fake_step_s: 0.02 })).job_status.model_name as string;
    const during = await eventually(async () => {
      const { body } = await jobInfo(sim(), hash);
      return body.deployed ? body : undefined;
    }, 5000, 'deployed');
    assert.equal(during.job_status.status, 'TRAINING');
  });

  it('answers an unknown hash per route: 500 on detail and logs, 404 on the dataset, 200 null on cancel', async () => {
    const unknown = '0000000000deadbeef';
    const detail = await get(sim(), `/v1/megatron/train/${unknown}`);
    assert.deepEqual([detail.status, json(detail)], [500, { detail: `Failed to retrieve training job information: 404: Training job ${unknown} was not found in PVC or Synology` }]);
    const logs = await get(sim(), `/v1/megatron/train/logs/${unknown}`);
    assert.deepEqual([logs.status, json(logs)], [500, { error: `404: Training job ${unknown} was not found in PVC or Synology` }]);
    const dataset = await get(sim(), `/v1/megatron/train/${unknown}/dataset`);
    assert.deepEqual([dataset.status, json(dataset)], [404, { detail: `Training job ${unknown} was not found in PVC or Synology` }]);
    const cancel = await post(sim(), `/v1/megatron/cancel/${unknown}`, '');
    assert.deepEqual([cancel.status, cancel.text], [200, 'null']);
  });

  it('serves the dataset a page at a time, searchable, with lines it cannot parse marked', async () => {
    const text = `${JSON.stringify({ input: 'ds question 1', output: 'a' })}\n${JSON.stringify({ text: 'no input/output' })}\nnot json at all\n${JSON.stringify({ input: 'DS question 3', output: 'c' })}\n`;
    const hash = json<TrainReply>(await postTrain(sim(), tarOf({ 'dataset.jsonlines': text }), { max_steps: 1 })).job_status.model_name as string;
    const page = json<{ total: number; matched: number; examples: { index: number; raw: Record<string, unknown>; input?: string }[] }>(
      await get(sim(), `/v1/megatron/train/${hash}/dataset?offset=1&limit=2`),
    );
    assert.deepEqual([page.total, page.matched], [4, 4]);
    assert.deepEqual(page.examples.map((e) => e.index), [1, 2]);
    assert.deepEqual(page.examples[1].raw, { __parse_error__: 'not json at all' });
    const found = json<{ matched: number; examples: { input?: string }[] }>(await get(sim(), `/v1/megatron/train/${hash}/dataset?q=QUESTION%203`));
    assert.deepEqual([found.matched, found.examples[0].input], [1, 'DS question 3']);
    assert.deepEqual(json(await get(sim(), `/v1/megatron/train/${hash}/dataset?limit=0`)), { detail: 'limit must be in [1, 200]' });
    assert.deepEqual(json(await get(sim(), `/v1/megatron/train/${hash}/dataset?offset=-1`)), { detail: 'offset must be >= 0' });
  });

  describe('POST /train errors', () => {
    const UPLOAD = 'There was an error uploading the file: ';

    it('answers 500 with the catch-all text for a missing file, bad params and a file that is no archive', async () => {
      const onlyParams = multipartBody([{ name: 'params', body: '{}' }]);
      const noFile = await postRaw(sim(), '/v1/megatron/train', onlyParams.body, { 'content-type': onlyParams.contentType });
      assert.deepEqual([noFile.status, json(noFile)], [500, { detail: `${UPLOAD}[Errno 2] No such file or directory: '/tmp/training_job.tar.gz'` }]);
      assert.deepEqual(json(await postTrain(sim(), datasetArchive(), '')), { detail: `${UPLOAD}Expecting value: line 1 column 1 (char 0)` });
      assert.deepEqual(json(await postTrain(sim(), datasetArchive(), '[1]')), { detail: `${UPLOAD}list indices must be integers or slices, not str` });
      const notArchive = json<{ detail: string }>(await postTrain(sim(), Buffer.from('hello'), {}));
      assert.match(notArchive.detail, /file could not be opened successfully:\n- method gz: ReadError\('not a gzip file'\)/);
      const jsonBody = await post(sim(), '/v1/megatron/train', { params: {} });
      assert.deepEqual([jsonBody.status, json(jsonBody)], [500, { detail: `${UPLOAD}no multipart boundary in Content-Type` }]);
    });

    it('reads the parts by their name, not by another part\'s file name', async () => {
      const archive = datasetArchive([{ input: 'named', output: 'parts' }]);
      const { body, contentType } = multipartBody([
        { name: 'params', filename: 'file', contentType: 'application/json', body: '{"max_steps": 2}' },
        { name: 'file', filename: 'dataset', body: archive },
      ]);
      const reply = await postRaw(sim(), '/v1/megatron/train', body, { 'content-type': contentType });
      assert.equal(json<TrainReply>(reply).job_status.model_name, sha256(`{"max_steps": 2, "dataset_hash": "${sha256(archive)}"}`));
    });

    it('refuses a body over max_upload_file_size with 413, stating twice the limit', async () => {
      const big = await postTrain(sim(), Buffer.alloc(120_000, 1), {});
      assert.equal(big.status, 413);
      assert.match(json<{ detail: string }>(big).detail, /^Maximum request body size limit \(200000 bytes\) exceeded \(\d+ bytes read\)$/);
    });

    it('fails the job, not the upload, for an archive without dataset.jsonlines', async () => {
      const hash = json<TrainReply>(await postTrain(sim(), tarOf({ 'other.txt': 'x' }), { max_steps: 2 })).job_status.model_name as string;
      const failed = await finished(hash);
      assert.equal(failed.job_status.status, 'FAILED');
      assert.match(failed.job_status.error ?? '', /No such file or directory: '.*\/dataset\.jsonlines'/);
    });
  });

  describe('chunked upload', () => {
    async function init(archive: Buffer, chunkSize: number, params: Record<string, unknown>): Promise<string> {
      const reply = await post(sim(), '/v1/megatron/upload/init', {
        total_size: archive.length,
        total_hash: sha256(archive),
        chunk_size: chunkSize,
        num_chunks: Math.ceil(archive.length / chunkSize),
        params,
      });
      const body = json<{ upload_id: string; received_chunks: number[] }>(reply);
      assert.deepEqual(body.received_chunks, []);
      return body.upload_id;
    }

    function chunk(uploadId: string, index: number, bytes: Buffer, hash = sha256(bytes)) {
      return postRaw(sim(), '/v1/megatron/upload/chunk', bytes, { 'x-upload-id': uploadId, 'x-chunk-index': String(index), 'x-chunk-hash': hash, 'content-type': 'application/octet-stream' });
    }

    it('reassembles checked chunks into the job the single POST of the same bytes names', async () => {
      const archive = datasetArchive([{ input: 'chunked', output: 'yes' }]);
      const uploadId = await init(archive, 100, { max_steps: 2 });
      const pieces = Array.from({ length: Math.ceil(archive.length / 100) }, (_, i) => archive.subarray(i * 100, (i + 1) * 100));
      const wrong = await chunk(uploadId, 0, pieces[0], '0'.repeat(64));
      assert.deepEqual([wrong.status, json(wrong)], [422, { detail: `Chunk 0 hash mismatch: expected ${'0'.repeat(64)}, got ${sha256(pieces[0])}` }]);
      for (const [i, piece] of pieces.entries()) {
        const stored = json<Record<string, unknown>>(await chunk(uploadId, i, piece));
        assert.deepEqual(stored, { upload_id: uploadId, chunk_index: i, received: true, bytes_written: piece.length });
      }
      const finalized = await post(sim(), '/v1/megatron/upload/finalize', { upload_id: uploadId });
      assert.equal(finalized.status, 200, finalized.text);
      const hash = json<TrainReply>(finalized).job_status.model_name;
      assert.equal(hash, sha256(`{"max_steps": 2, "dataset_hash": "${sha256(archive)}"}`));
      assert.equal(json<TrainReply>(await postTrain(sim(), archive, { max_steps: 2 })).job_status.model_name, hash);
      assert.equal((await post(sim(), '/v1/megatron/upload/finalize', { upload_id: uploadId })).status, 404, 'the session is gone');
    });

    it('answers 409 for missing chunks, 404 for an unknown session, 413 for a chunk over the limit, 422 for missing headers', async () => {
      const archive = datasetArchive();
      const uploadId = await init(archive, 500, {});
      const missing = await post(sim(), '/v1/megatron/upload/finalize', { upload_id: uploadId });
      assert.deepEqual([missing.status, json<{ detail: string }>(missing).detail.startsWith('Missing chunks: [0')], [409, true]);
      const unknown = await chunk('nosuchsession', 0, Buffer.from('x'));
      assert.deepEqual([unknown.status, json(unknown)], [404, { detail: "Upload session 'nosuchsession' not found" }]);
      const big = await chunk(uploadId, 0, Buffer.alloc(1500));
      assert.deepEqual([big.status, json(big)], [413, { detail: 'Chunk size 1500 exceeds server limit 1000' }]);
      const headless = await postRaw(sim(), '/v1/megatron/upload/chunk', Buffer.from('x'), {});
      assert.deepEqual([headless.status, json(headless)], [422, { detail: 'Missing required headers: X-Upload-Id, X-Chunk-Index, X-Chunk-Hash' }]);
      const badInit = await post(sim(), '/v1/megatron/upload/init', { total_size: 1 });
      assert.equal(badInit.status, 422);
      assert.deepEqual(json<{ detail: { loc: string[] }[] }>(badInit).detail.map((issue) => issue.loc.join('.')), ['body.total_hash', 'body.chunk_size', 'body.num_chunks']);
    });
  });
});
