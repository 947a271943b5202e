// The batch runs of this window: starts them through core/batch with every prompt planned into the ledger
// first, reports their progress (a cancellable notification and a status bar item), tells open panels
// what changed, and takes up runs a window reload interrupted.

import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ApiAccess, ScalarLMApi } from '../../core/api/api';
import type { ScalarLMClient } from '../../core/api/client';
import { runBatch, type BatchProgress, type BatchRunOptions, type BatchSummary } from '../../core/batch/runner';
import { planGrading, runGrading } from '../../core/experiments/grading';
import { resumeExperiment, runExperiment, type ExperimentRunHooks, type PlannedExperiment, type Trust } from '../../core/experiments/run-experiment';
import type { FileAccess } from '../../core/files/file-access';
import type { BatchJob } from '../../core/jobs/batch-job';
import { knownGroups } from '../../core/runs/known-groups';
import type { LedgerLine } from '../../core/runs/ledger-file';
import { RunStore } from '../../core/runs/run-store';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';

/** Progress changes with every answer; the status bar and a notification need it at most this often. */
const STATUS_EVERY_MS = 100;

export interface NewRun {
  job: BatchJob;
  parentRunId?: string;
}

export interface RunEvent {
  runId: string;
  progress?: BatchProgress;
  /** Lines just appended to the run's ledger: a RunProjection follows the run with them. */
  lines?: readonly LedgerLine[];
  /** The run ended (its summary) or failed to start (an error). */
  ended?: BatchSummary | Error;
}

interface ActiveRun {
  /** Cancel: the user stops the run. */
  controller: AbortController;
  progress?: BatchProgress;
}

export class Runs implements vscode.Disposable {
  private readonly active = new Map<string, ActiveRun>();
  /** Grading runs of this window (started or resumed here), by the experiment run each grades. */
  private readonly gradings = new Map<string, string>();
  /** Aborted when this window goes away: runs stop as if it crashed, and the next activation takes them up. */
  private readonly detach = new AbortController();
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<RunEvent>());
  private readonly statusItem = this.disposables.add(vscode.window.createStatusBarItem('scalarlm.batch', vscode.StatusBarAlignment.Left, 49));

  /** Progress, settled groups and ends of every run of this window. */
  readonly onDidChange = this.changed.event;

  private store: RunStore | undefined;
  private statusTimer: NodeJS.Timeout | undefined;

  constructor(
    /** Where the runs folder is now (core/runs runsDirFor, the CLI's rule too). */
    private readonly locate: () => string,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
    /** Whether templates may run code here (a trusted workspace): experiments render Jinja2 only then. */
    private readonly trust: () => Trust,
    /** Which files an experiment's files may name here (a resumed run reads them again). */
    private readonly access: () => FileAccess,
  ) {
    this.statusItem.name = 'ScalarLM Batch Runs';
  }

  /**
   * The runs folder of now: the setting or the workspace folder's .scalarlm/runs may have changed (a terminal
   * made one). The same folder keeps its store, and with it what listing has read of each ledger so far.
   */
  get runStore(): RunStore {
    const dir = this.locate();
    if (dir !== this.store?.dir) this.store = new RunStore(dir);
    return this.store;
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  latestProgress(runId: string): BatchProgress | undefined {
    return this.active.get(runId)?.progress;
  }

  /** Starts a run and returns its id once its ledger exists (the panel can open it). */
  async start({ job, parentRunId }: NewRun): Promise<string> {
    const runId = randomUUID();
    await this.execute(runId, job.title, (api, hooks) =>
      runBatch({
        ...this.batchDefaults(api, runId),
        ...hooks,
        runId,
        params: job.params,
        input: job.input(),
        totalHint: job.total,
        planAll: true,
        title: job.title,
        groupSize: job.groupSize,
        maxInFlight: job.maxInFlight,
        pauseAboveQueueDepth: job.pauseAboveQueueDepth,
        warnings: job.warnings,
        knownGroups: knownGroups(this.runStore, job.source, runId),
        ...(job.source ? { source: job.source } : {}),
        ...(parentRunId ? { parentRunId } : {}),
      }),
    );
    return runId;
  }

  /**
   * Starts an experiment's run (planned and checked already) and returns its id once its ledger exists. When
   * it completes, its model-graded assertions are graded by a run of their own.
   */
  async startExperiment(planned: PlannedExperiment, parentRunId?: string): Promise<string> {
    const runId = randomUUID();
    await this.execute(runId, planned.spec.title, (api, hooks) => runExperiment(api, this.runStore, planned, { ...hooks, runId, ...(parentRunId ? { parentRunId } : {}) }), () => this.grade(runId));
    return runId;
  }

  /** The experiment run a grading run of this window grades. */
  gradingTarget(runId: string): string | undefined {
    return this.gradings.get(runId);
  }

  /** Grades an experiment run's model-graded assertions (what the server holds already is fetched, not sent). */
  private async grade(experimentRunId: string): Promise<void> {
    const plan = planGrading(this.runStore, experimentRunId, this.trust());
    if (!plan) return;
    const runId = randomUUID();
    this.gradings.set(runId, experimentRunId);
    await this.execute(runId, plan.title, (api, hooks) => runGrading(api, this.runStore, plan, { ...hooks, runId }));
  }

  /** The deployment's shared client, for planning before a run (reading the default model). */
  connectionApi(): ApiAccess<ScalarLMClient> {
    return this.connection.api();
  }

  /** Takes a stored run up again: polls what is pending, sends what was never sent, and the unknown groups asked for. */
  async resume(runId: string, resubmitUnknown: number[] = []): Promise<void> {
    if (this.active.has(runId)) throw new Error('This run is still going.');
    const summary = this.runStore.summary(runId);
    if (summary.gradingOf) this.gradings.set(runId, summary.gradingOf);
    await this.execute(
      runId,
      summary.title,
      (api, hooks) =>
        summary.experiment
          ? resumeExperiment(api, this.runStore, runId, { ...hooks, trust: this.trust(), access: this.access() })
          : runBatch({ ...this.batchDefaults(api, runId), ...hooks, resume: true, resubmitUnknown }),
      summary.experiment ? () => this.grade(runId) : undefined,
    );
  }

  /** Runs a window reload or a crash interrupted: taken up again (the log says which). */
  resumeInterrupted(): void {
    for (const run of this.runStore.list((path, error) => this.log.info(`Skipping the damaged run ledger ${path}: ${error.message}`))) {
      if (run.phase === 'interrupted' && !this.active.has(run.runId) && run.goingElsewhere === undefined) {
        this.log.info(`Resuming run ${run.runId} (${run.title}), interrupted before it ended.`);
        this.resume(run.runId).catch((error) => this.log.showError(error));
      }
    }
  }

  cancel(runId: string): void {
    this.active.get(runId)?.controller.abort();
  }

  /** What a batch run takes from the settings of now (a resumed run keeps its own group size). */
  private batchDefaults(api: ScalarLMApi, runId: string): Pick<BatchRunOptions, 'api' | 'ledgerPath' | 'groupSize' | 'maxInFlight'> {
    const { batch } = this.connection.settings;
    return { api, ledgerPath: this.runStore.ledgerPath(runId), groupSize: batch.groupSize, maxInFlight: batch.maxInFlight };
  }

  /** `completed`: what follows a run that ended by itself without an error (grading an experiment). */
  private async execute(runId: string, title: string, launch: (api: ScalarLMApi, hooks: ExperimentRunHooks) => Promise<BatchSummary>, completed?: () => Promise<void>): Promise<void> {
    // The run's own client: a settings change while it goes must not close it under the run.
    const access = this.connection.createClient();
    if (!access.ok) throw new Error(access.reason);
    const api = access.api;
    const { batch } = this.connection.settings;
    const run: ActiveRun = { controller: new AbortController() };
    let hasStarted = false;
    let started: () => void = () => undefined;
    let failedToStart: (error: Error) => void = () => undefined;
    const ledgerReady = new Promise<void>((resolve, reject) => {
      started = () => {
        hasStarted = true;
        resolve();
      };
      failedToStart = reject;
    });
    this.active.set(runId, run);
    const finished = this.withProgressNotification(title, runId, run, () =>
      launch(api, {
        pauseAboveQueueDepth: batch.pauseAboveQueueDepth,
        signal: run.controller.signal,
        detach: this.detach.signal,
        onStart: () => started(),
        onProgress: (progress) => {
          run.progress = progress;
          this.changed.fire({ runId, progress });
          this.showStatusSoon();
        },
        onLedger: (lines) => this.changed.fire({ runId, lines }),
        onLog: (message) => this.log.info(`[run ${runId.slice(0, 8)}] ${message}`),
      }),
    );
    finished.then(
      (summary) => {
        void api.close();
        this.ended(runId, summary);
        if (completed && (summary.reason === 'complete' || summary.reason === 'deadline') && !summary.error && !this.detach.signal.aborted) completed().catch((error) => this.log.showError(error));
      },
      (error: Error) => {
        void api.close();
        // Failing before the ledger exists is the caller's to report; failing later is reported here.
        if (!hasStarted) failedToStart(error);
        this.ended(runId, hasStarted ? error : undefined);
      },
    );
    await ledgerReady;
  }

  private withProgressNotification<T>(title: string, runId: string, run: ActiveRun, work: () => Promise<T>): Promise<T> {
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `ScalarLM: ${title}`, cancellable: true }, async (progress, token) => {
        const cancel = token.onCancellationRequested(() => run.controller.abort());
        let reported = 0;
        let latest: BatchProgress | undefined;
        let timer: NodeJS.Timeout | undefined;
        const report = () => {
          timer = undefined;
          if (!latest) return;
          const { counts, total } = latest;
          const done = counts.ok + counts.error;
          const increment = total ? ((done - reported) / total) * 100 : undefined;
          reported = done;
          progress.report({ message: progressText(latest), ...(increment ? { increment } : {}) });
        };
        const update = this.onDidChange((event) => {
          if (event.runId !== runId || !event.progress) return;
          latest = event.progress;
          timer ??= setTimeout(report, STATUS_EVERY_MS);
        });
        try {
          return await work();
        } finally {
          clearTimeout(timer);
          cancel.dispose();
          update.dispose();
        }
      }),
    );
  }

  private ended(runId: string, outcome: BatchSummary | Error | undefined): void {
    this.active.delete(runId);
    if (this.detach.signal.aborted) return;
    this.showStatus();
    if (outcome === undefined) return;
    this.changed.fire({ runId, ended: outcome });
    if (outcome instanceof Error) return this.log.showError(outcome);
    if (outcome.error) return this.log.showError(outcome.error);
    const { counts } = outcome;
    this.log.info(`Run ${runId} ${outcome.reason}: ${counts.ok} ok, ${counts.error} error, ${counts.pending} pending, ${counts.unknown} unknown, ${counts.unsent} unsent.`);
  }

  /** The status bar and the notifications follow progress at most every STATUS_EVERY_MS (each is a message to the window). */
  private showStatusSoon(): void {
    this.statusTimer ??= setTimeout(() => {
      this.statusTimer = undefined;
      this.showStatus();
    }, STATUS_EVERY_MS);
  }

  /** One status bar item for all runs of this window while any is going. */
  private showStatus(): void {
    const runs = [...this.active.values()];
    if (runs.length === 0) return this.statusItem.hide();
    const sum = (key: 'ok' | 'error' | 'pending' | 'unsent') => runs.reduce((n, r) => n + (r.progress?.counts[key] ?? 0), 0);
    const done = sum('ok') + sum('error');
    const total = runs.reduce((n, r) => n + (r.progress?.total ?? 0), 0);
    this.statusItem.text = `$(run-all) ${done}/${total}${sum('error') ? ` · ${sum('error')} error` : ''}`;
    this.statusItem.tooltip = `ScalarLM: ${runs.length} batch run${runs.length > 1 ? 's' : ''} going: ${sum('ok')} ok, ${sum('error')} error, ${sum('pending')} pending, ${sum('unsent')} queued.`;
    this.statusItem.command = 'workbench.view.extension.scalarlm';
    this.statusItem.show();
  }

  dispose(): void {
    clearTimeout(this.statusTimer);
    // Runs are detached, not cancelled: their ledgers stay without an end, and the next activation takes them up.
    this.detach.abort();
    this.disposables.dispose();
  }
}

function progressText(progress: BatchProgress): string {
  const { ok, error, pending, unsent } = progress.counts;
  const eta = progress.etaSeconds !== undefined && pending + unsent > 0 ? ` · ETA ${Math.ceil(progress.etaSeconds)} s` : '';
  return `${ok} ok · ${error} error · ${pending} pending · ${unsent} queued${eta}`;
}
