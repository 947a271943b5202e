// The words of the editor's training journey: the Train Adaptor form (server defaults, checked values), the
// Training view's rows (newest first, running or not) and the job panel's view (progress, loss, cancel said
// plainly).

import * as assert from 'node:assert/strict';
import { cancelWords, canonicalParams, deleteQuestion, jobProgress, LINEAGE_FORMAT, lineageFacts, type AdaptorLineage, type CancelOutcome, type TrainingJobDetail } from '../../../../src/core/training';
import { anyRunning, jobRows, refreshesAgain } from '../../../../src/host/training/job-list';
import { cancelNotice, EDITOR_JOB_ACTIONS, jobPanelView } from '../../../../src/host/training/job-view';
import { formArguments, readFormValue, TRAIN_FORM } from '../../../../src/host/training/train-form';

const field = (name: string) => TRAIN_FORM.find((f) => f.name === name)!;

describe('training in the editor: the form, the job list, the job view', () => {
  it('asks the five arguments the CLI has flags for, each saying what it means and its server default', () => {
    assert.deepEqual(TRAIN_FORM.map((f) => f.name), ['llm_name', 'max_steps', 'learning_rate', 'adapter_type', 'gpus']);
    assert.deepEqual(field('adapter_type').choices, ['tokenformer', 'lora']);
    assert.equal(field('max_steps').serverDefault, '100');
    for (const f of TRAIN_FORM) assert.ok(f.description.length > 10, f.name);
  });

  it('reads each value as its type, leaves an empty one to the server, and refuses what cannot be sent', () => {
    assert.deepEqual(readFormValue(field('max_steps'), ' 20 '), { ok: true, value: 20 });
    assert.deepEqual(readFormValue(field('learning_rate'), '1e-3'), { ok: true, value: 0.001 });
    assert.deepEqual(readFormValue(field('llm_name'), ''), { ok: true, value: undefined });
    assert.equal(readFormValue(field('max_steps'), '0').ok, false);
    assert.equal(readFormValue(field('max_steps'), '2.5').ok, false);
    assert.equal(readFormValue(field('learning_rate'), '-1').ok, false);
    assert.deepEqual(readFormValue(field('gpus'), '0'), { ok: true, value: 0 });
    // Defaults are not sent, so the params (and the job hash) are the CLI's for the same flags.
    const args = formArguments({ llm_name: undefined, max_steps: 20, gpus: undefined, learning_rate: 0.01 });
    assert.deepEqual(JSON.stringify(canonicalParams(args)), JSON.stringify({ max_steps: 20, learning_rate: 0.01 }));
  });

  it('lists the jobs newest first with status, step of max steps, loss and deployed, and knows when one runs', () => {
    const jobs = [
      { name: 'old', status: 'COMPLETED', startTime: 100, step: 20, maxSteps: 20, loss: 0.123456, deployed: true },
      { name: 'new', status: 'TRAINING', startTime: 300, step: 3, maxSteps: 20, deployed: false },
      { name: 'mid', status: 'FAILED', startTime: 200 },
    ];
    const rows = jobRows(jobs);
    assert.deepEqual(rows.map((r) => r.name), ['new', 'mid', 'old']);
    assert.equal(rows[0].description, 'TRAINING · step 3 of 20 · not deployed');
    assert.equal(rows[2].description, 'COMPLETED · step 20 of 20 · average loss 0.1235 · deployed');
    assert.match(rows[2].detail, /running average, which weights the first steps/);
    assert.deepEqual(rows.map((r) => r.running), [true, false, false]);
    assert.equal(anyRunning(jobs), true);
    assert.equal(anyRunning(jobs.filter((j) => j.name !== 'new')), false);
    // Refreshed on its own only while a job runs, the view shows and the window has focus.
    assert.equal(refreshesAgain(jobs, { visible: true, focused: true }), true);
    assert.equal(refreshesAgain(jobs, { visible: true, focused: false }), false);
    assert.equal(refreshesAgain(jobs, { visible: false, focused: true }), false);
    assert.equal(refreshesAgain(jobs.filter((j) => j.name !== 'new'), { visible: true, focused: true }), false);
  });

  it('words the job panel: step of max steps, the loss history, the config as JSON, Cancel while it runs', () => {
    const detail: TrainingJobDetail = {
      hash: 'abc',
      deployed: false,
      config: { max_steps: 4, llm_name: 'tiny' },
      status: { status: 'TRAINING', maxSteps: 4, history: [{ step: 0, loss: 2, time: 1 }, { step: 1, loss: 1.5, time: 2 }] },
    };
    const view = jobPanelView(detail);
    assert.equal(view.progress, 'step 2 of 4 · last loss 1.5000 · ETA 2s');
    assert.deepEqual(view.loss, [{ step: 0, loss: 2 }, { step: 1, loss: 1.5 }]);
    assert.deepEqual(view.config, [{ key: 'max_steps', value: '4' }, { key: 'llm_name', value: '"tiny"' }]);
    assert.equal(view.canCancel, true);
    assert.equal(jobPanelView({ ...detail, status: { ...detail.status, status: 'COMPLETED' } }).canCancel, false);
    assert.equal(view.lineage, undefined, 'no lineage recorded: the page says so');
  });

  it('words a queued job as queued with its max steps, in the list (0 of 0, loss 0.0 from list_models) and the panel', () => {
    const [row] = jobRows([{ name: 'q', status: 'QUEUED', startTime: 1, step: 0, maxSteps: 0, loss: 0, deployed: false }]);
    assert.equal(row.description, 'queued · not deployed');
    const queued: TrainingJobDetail = { hash: 'q', deployed: false, config: { max_steps: 100 }, status: { status: 'QUEUED', history: [] } };
    assert.equal(jobPanelView(queued).progress, 'queued, 100 steps');
  });

  it("gives the job panel the adaptor's lineage as the CLI's job HASH words it", () => {
    const lineage: AdaptorLineage = {
      format: LINEAGE_FORMAT,
      version: 1,
      job: 'a'.repeat(64),
      data: { hash: 'b'.repeat(64), examples: 3, file: 'data.jsonl' },
      origin: { run: { id: 'r1', title: 'Capitals' }, column: { number: 1, label: 'q × base' }, from: 'expected', split: { fraction: 0.5, seed: 0, heldOut: ['k2'], trained: ['k1'] }, rowLabels: { k2: 'Peru' } },
      arguments: { max_steps: 20 },
      deployment: { url: 'http://localhost:8000', version: null },
      recordedAt: '2026-01-02T03:04:05.000Z',
    };
    const view = jobPanelView({ hash: lineage.job, deployed: true, config: {}, status: { status: 'COMPLETED', history: [] } }, undefined, lineage);
    assert.deepEqual(view.lineage, lineageFacts(lineage).map(([key, value]) => ({ key, value })));
    assert.deepEqual(view.lineage?.find((fact) => fact.key === 'Held out'), { key: 'Held out', value: '1 of 2 rows (fraction 0.5, seed 0): "Peru"' });
    assert.deepEqual(view.lineage?.find((fact) => fact.key === 'Deployment'), { key: 'Deployment', value: 'http://localhost:8000, version not reported' });
  });

  it("says what a cancel comes to in the command line's words, naming the editor's Restart and Delete", () => {
    const status = (s: string) => ({ status: s, history: [] });
    const outcome = (kind: CancelOutcome['kind'], after: string): CancelOutcome => ({
      kind,
      answered: status('CANCELLED'),
      after: status(after),
      runsOn: kind === 'stops-at-step' || kind === 'unchanged',
      alreadyFinished: kind === 'ended' || kind === 'no-slurm-job',
    });
    const hash = 'a'.repeat(64);
    const running = cancelNotice(hash, outcome('stops-at-step', 'TRAINING'));
    assert.equal(running, cancelWords(hash, 'stops-at-step', status('TRAINING'), EDITOR_JOB_ACTIONS));
    assert.match(running, /current servers do not stop a running job for good[\s\S]*Only Delete Job… \(in its panel, or the Training view's menu\) stops it for good\.$/);
    // A queued job's cancel sticks (training.md §4): the editor said it might start again.
    assert.match(cancelNotice(hash, outcome('not-started', 'CANCELLED')), /stays CANCELLED and will not run\. Run it again with Restart Job \(in its panel, or the Training view's menu\)/);
    assert.doesNotMatch(running, /scalarlm-lab|terminal/);
    assert.match(cancelNotice(hash, outcome('ended', 'COMPLETED')), /had already ended \(COMPLETED\): nothing to cancel/);
  });

  it('offers Restart only for a FAILED or CANCELLED job, in the list and the panel, and asks a delete in the command line\'s words', () => {
    const rows = jobRows(['FAILED', 'CANCELLED', 'COMPLETED', 'TRAINING', 'QUEUED'].map((status, i) => ({ name: status, status, startTime: 10 - i })));
    assert.deepEqual(rows.map((r) => [r.name, r.restartable]), [['FAILED', true], ['CANCELLED', true], ['COMPLETED', false], ['TRAINING', false], ['QUEUED', false]]);
    const detail = (s: string): TrainingJobDetail => ({ hash: 'h', deployed: false, config: { max_steps: 2 }, status: { status: s, history: [{ step: 1, loss: 0.5 }] } });
    assert.equal(jobPanelView(detail('CANCELLED')).canRestart, true);
    assert.equal(jobPanelView(detail('COMPLETED')).canRestart, false);
    const asked = deleteQuestion('h', jobProgress(detail('COMPLETED').status, { max_steps: 2 }));
    assert.equal(asked.question, 'Delete training job h (COMPLETED, step 2 of 2)?');
    assert.match(asked.consequence, /checkpoints and logs are removed from the deployment\. It cannot be undone\./);
    assert.equal(deleteQuestion('h', jobProgress({ status: 'QUEUED', history: [] }, { max_steps: 100 })).question, 'Delete training job h (queued, 100 steps)?');
  });
});
