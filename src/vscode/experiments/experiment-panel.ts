// An experiment run's matrix in a webview panel, one tab per run (the common part is RunPanel): the columns,
// the rows (its stored tests) and every cell when the page says `ready`, then the cells each ledger line
// changes and the run's progress; each cell's verdict (and its grading run's, followed live), the columns'
// figures and, on "Compare with…", each cell against another run, or on "Compare columns…" (and after Compare
// with Base) one column's cells against the baseline column's, with the paired test (a trained adaptor's column on
// its held-out rows unless the user asks for every row); each row's marks (columns
// that disagree, with repeats its samples' passes, against the experiment's baseline run its change); whether a
// trained adaptor's cells were seen in its training (asked of the deployment once the page has the run); a cell's
// detail when the page asks for it; people's reviews of the answers (recorded when the page asks, shown in every
// open panel whose cells gave the same answer); and the run's actions.

import * as vscode from 'vscode';
import type { BatchProgress } from '../../core/batch/runner';
import { cellKey } from '../../core/experiments/experiment-cells';
import { planExperiment, specOf } from '../../core/experiments/run-experiment';
import { readTestsFile, testsFileOf, type StoredTest } from '../../core/experiments/experiment-tests-file';
import { readRunHeader } from '../../core/runs/ledger-book';
import { storedVerdicts } from '../../core/experiments/run-judgement';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import { rowLabelIn } from '../../core/experiments/row-labels';
import { cellRecords } from '../../core/experiments/cell-records';
import { writeCellRecords } from '../../core/experiments/reports/record-writer';
import { answerText } from '../../core/runs/compare-runs';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { cellDetailView, cellView, cellViews, experimentHeaderView, experimentProgressView, rowViews } from '../../host/experiments/experiment-view-model';
import { PanelJudging } from '../../host/experiments/panel-judging';
import { PanelBaseline, type PanelBaselineView } from '../../host/experiments/baseline-view';
import { rowMarks, ShownRowMarks, type RowMarks } from '../../host/experiments/row-marks';
import { rowSamples } from '../../host/experiments/row-samples';
import { PanelReviews, reviewOf } from '../../host/experiments/review-view';
import type { ReviewsChange, SharedReviews } from '../../host/experiments/shared-reviews';
import { adaptorBesideBase } from '../../host/experiments/adaptor-columns';
import { cellSnippet } from '../../host/experiments/cell-snippet';
import { SNIPPET_LABELS, snippetsFor, TOKEN_ENV, type SnippetFormat } from '../../core/snippets';
import { isExperimentMessage, type CellAction, type CellView, type ExperimentAction, type ExperimentFromWebview, type ExperimentToWebview } from '../../protocol/experiments';
import type { RunActionsDeps } from '../runs/run-actions';
import { sourceUri } from '../runs/run-actions';
import type { RunEvent } from '../runs/runs';
import { exportTrainingData } from '../runs/export-training';
import { RunPanel, sourceLabel, type RunPage } from '../runs/run-panel';
import type { ReadOnlyTexts } from '../read-only-texts';
import { copyText, openInEditor } from '../text-actions';
import { fileAccess, templateTrust } from '../workspace-trust';
import { pickColumnsToCompare, pickRunToCompare } from './comparison-picks';
import type { ExperimentBaselines } from './experiment-baselines';
import { offerReport } from './report-preview';

/** Verdicts and figures change with every answer; the column headers need them at most this often. */
const JUDGED_EVERY_MS = 250;

export interface ExperimentPanelDeps extends RunActionsDeps {
  texts: ReadOnlyTexts;
  baselines: ExperimentBaselines;
  /** The runs folder's reviews, shared by the window's experiment panels. */
  reviews: SharedReviews;
}

type ReviewMessage = Extract<ExperimentFromWebview, { type: 'review' }>;

export const EXPERIMENT_PAGE: RunPage = { viewType: 'scalarlm.experiment', script: 'experiments', laterScripts: ['markdown'], stylesheets: ['panel.css', 'markdown.css', 'experiments.css'], title: 'ScalarLM Experiment' };

export class ExperimentPanel extends RunPanel<ExperimentToWebview> {
  /** The run's tests as they were when it began (its rows). */
  private tests: Map<number, StoredTest> = new Map();
  /** Where each cell is among the run's items. */
  private readonly cells = new Map<string, number>();
  private judging: PanelJudging | undefined;
  private reviews: PanelReviews | undefined;
  /** What the cells are compared with (another run, or a baseline column, on every row or not), kept across the run's re-reads. */
  private compared: { kind: 'run'; runId: string } | { kind: 'columns'; base: number; other: number; allRows?: boolean } | undefined;
  /** This run against its experiment's baseline run, and how it stands now (undefined: no baseline). */
  private baseline: PanelBaseline | undefined;
  private baselineView: PanelBaselineView | undefined;
  /** The rows' marks as the page has them. */
  private readonly shownMarks = new ShownRowMarks();
  private judgedTimer: NodeJS.Timeout | undefined;
  /** The seen marks were asked for while the run went: cells answered later are asked for again at its end. */
  private seenWhileLive = false;

  constructor(panel: vscode.WebviewPanel, runId: string, extensionUri: vscode.Uri, protected override readonly deps: ExperimentPanelDeps) {
    super(panel, runId, extensionUri, deps, EXPERIMENT_PAGE);
    this.disposables.add({ dispose: () => clearTimeout(this.judgedTimer) });
    this.disposables.add(deps.baselines.onDidChange(() => this.baselineChanged()));
    this.disposables.add(deps.reviews.onDidChange((change) => this.reviewsChanged(change)));
  }

  protected async received(message: unknown): Promise<void> {
    if (!isExperimentMessage(message)) return;
    if (message.type === 'ready') return this.sendInit();
    if (message.type === 'rendered') return this.deps.log.channel.trace(`Experiment panel rendered ${message.cells} cells in ${message.ms.toFixed(1)} ms.`);
    if (this.run) await this.act(message, this.run);
  }

  protected initMessage(run: RunProjection): ExperimentToWebview {
    const store = this.deps.runs.runStore;
    this.tests = readTestsFile(testsFileOf(store.ledgerPath(this.runId)));
    this.cells.clear();
    run.items.forEach((item, index) => item.cell && this.cells.set(cellKey(item.cell[0], item.cell[1], item.cell[2]), index));
    this.setTitle(`Experiment: ${run.header.title ?? this.runId.slice(0, 8)}`);
    const reviews = (this.reviews = run.header.experiment && new PanelReviews(run.header.experiment, this.deps.reviews.current()));
    const judging = (this.judging = new PanelJudging(store, this.runId, this.tests, templateTrust(), reviews));
    // Asked first: an adaptor's column comparison then says the deployment is being asked, until learnSeen counts it again.
    void this.learnSeen(run, judging);
    this.applyComparison(run, judging);
    const { columns, disagree } = judging.judged(run, this.sourceLabel(run));
    this.baseline = new PanelBaseline(store, this.runId, templateTrust());
    this.baselineView = this.readBaseline(run);
    const marks = this.rowMarks(run, judging, disagree);
    this.shownMarks.reset(marks);
    const header = { ...experimentHeaderView(run, this.sourceLabel(run)), columns };
    const live = this.live;
    return {
      type: 'init',
      header,
      rows: rowViews(this.tests, header.rowCount, marks),
      cells: cellViews(run.items, live, judging),
      progress: this.progressView(run, this.deps.runs.latestProgress(this.runId), live),
      ...(judging.comparison ? { comparison: judging.comparison } : {}),
      ...(this.baselineView ? { baseline: this.baselineView.view } : {}),
      ...(reviews ? { reviews: reviews.count(run.items) } : {}),
    };
  }

  protected changedMessage(_run: RunProjection, items: readonly RunItem[]): ExperimentToWebview {
    this.judgedSoon();
    return { type: 'cells', cells: cellViews(items, this.live, this.judging) };
  }

  protected progressMessage(run: RunProjection, progress: BatchProgress | undefined, error?: string): ExperimentToWebview {
    if (this.seenWhileLive && !this.live && this.judging) void this.learnSeen(run, this.judging);
    return { type: 'progress', progress: this.progressView(run, progress, this.live && progress !== undefined, error) };
  }

  /** The run grading this one: its verdicts go to the cells they grade, its progress to the header. */
  protected override otherRunChanged(event: RunEvent): void {
    const run = this.run;
    if (!run || !this.judging || this.deps.runs.gradingTarget(event.runId) !== this.runId) return;
    if (event.lines?.length) {
      const changed = this.judging.gradingLines(event.runId, event.lines);
      const cells: CellView[] = [];
      for (const key of changed) {
        const index = this.cells.get(key);
        const view = index === undefined ? undefined : cellView(run.items[index], this.live, this.judging);
        if (view) cells.push(view);
      }
      if (cells.length > 0) this.post({ type: 'cells', cells });
      this.judgedSoon();
    }
    if (event.progress || event.ended) this.post(this.progressMessage(run, this.live ? this.deps.runs.latestProgress(this.runId) : undefined));
  }

  private progressView(run: RunProjection, progress: BatchProgress | undefined, live: boolean, error?: string) {
    const view = experimentProgressView(run, progress, live, error);
    const grading = this.judging?.gradingProgress((runId) => this.deps.runs.isActive(runId));
    return grading ? { ...view, grading } : view;
  }

  private sourceLabel(run: RunProjection): string {
    return sourceLabel(run.header.source) ?? '';
  }

  /** Column figures, the rows' marks, the comparison and the baseline, recounted at most every JUDGED_EVERY_MS. */
  private judgedSoon(): void {
    this.judgedTimer ??= setTimeout(() => {
      this.judgedTimer = undefined;
      const run = this.run;
      const judging = this.judging;
      if (!run || !judging) return;
      if (judging.comparison) {
        const moved = judging.recompare(run, storedVerdicts(this.deps.runs.runStore, templateTrust()));
        this.post({ type: 'comparison', comparison: judging.comparison ?? null });
        // The cells whose change the recount moved go with it: their marks and the Changed filter say what the bar counts.
        if (moved.length > 0) this.post({ type: 'cells', cells: cellViews(moved, this.live, judging) });
      }
      const { columns, disagree } = judging.judged(run, this.sourceLabel(run));
      const before = JSON.stringify(this.baselineView?.view);
      this.baselineView = this.readBaseline(run);
      this.post({ type: 'judged', columns, rows: this.shownMarks.changes(this.rowMarks(run, judging, disagree)) });
      if (JSON.stringify(this.baselineView?.view) !== before) this.post({ type: 'baseline', baseline: this.baselineView?.view ?? null, rows: [] });
      if (this.reviews) this.post({ type: 'reviewed', count: this.reviews.count(run.items) });
    }, JUDGED_EVERY_MS);
  }

  /** Some experiment's baseline was set or cleared: this run against its experiment's baseline as it now is. */
  private baselineChanged(): void {
    const { run, judging } = this;
    if (!run || !judging) return;
    this.baselineView = this.readBaseline(run);
    const rows = this.shownMarks.changes(this.rowMarks(run, judging, judging.judged(run, this.sourceLabel(run)).disagree));
    this.post({ type: 'baseline', baseline: this.baselineView?.view ?? null, rows });
  }

  private readBaseline(run: RunProjection): PanelBaselineView | undefined {
    const source = run.header.experiment?.origin.path;
    if (source === undefined || !this.baseline) return undefined;
    return this.baseline.view(this.deps.baselines.choiceFor(source), this.sourceLabel(run));
  }

  private rowMarks(run: RunProjection, judging: PanelJudging, disagree: ReadonlySet<number>): Map<number, RowMarks> {
    const samples = rowSamples(run.items, (item) => judging.outcome(item), run.header.experiment?.repeat ?? 1);
    return rowMarks(disagree, samples, this.baselineView?.marks);
  }

  /**
   * Which adaptor cells were seen in training: once the deployment (or the cache) says, their marks, the split
   * figures and a column comparison on the rows they leave go to the page.
   */
  private async learnSeen(run: RunProjection, judging: PanelJudging): Promise<void> {
    const access = this.deps.runs.connectionApi();
    if (!access.ok) return;
    this.seenWhileLive = this.live;
    let learnt = false;
    try {
      learnt = await judging.learnSeen(access.api, this.deps.runs.runStore.dir, run);
    } catch (error) {
      this.deps.log.info(`Could not tell which cells of run ${this.runId} were seen in training: ${(error as Error).message}`);
    }
    // The run may have been read again meanwhile: its cells keep their places, so the marks hold for it.
    const current = this.run;
    if (this.judging !== judging || !current) return;
    // A column comparison said the deployment was being asked: it is counted again, its cells' changes with it.
    if (this.compared?.kind === 'columns') this.compare(this.compared);
    else if (learnt) this.post({ type: 'cells', cells: cellViews(current.items, this.live, judging) });
    if (learnt) this.judgedSoon();
  }

  private async act(message: Exclude<ExperimentFromWebview, { type: 'ready' | 'rendered' }>, run: RunProjection): Promise<void> {
    if (message.type === 'run') return void (await this.runActions(run)[message.action]());
    if (message.type === 'review') return this.review(message, run);
    const item = this.itemAt(message, run);
    if (item) await this.cellActions(item)[message.action]();
  }

  private itemAt(cell: { row: number; column: number; repeat: number }, run: RunProjection): RunItem | undefined {
    const index = this.cells.get(cellKey(cell.column, cell.row, cell.repeat));
    return index === undefined ? undefined : run.items[index];
  }

  /** Records the review the page asked for; every panel showing the answer hears of it (reviewsChanged). */
  private review(message: ReviewMessage, run: RunProjection): void {
    const item = this.itemAt(message, run);
    if (!item) return;
    const key = this.reviews?.keyOf(item);
    if (key === undefined) {
      this.postUnreviewed(item);
      return void vscode.window.showInformationMessage(`Only an answered cell can be reviewed: this one is ${cellView(item, this.live)?.status ?? item.status}.`);
    }
    const at = new Date().toISOString();
    try {
      this.deps.reviews.set(key, reviewOf(message, this.runId, at), { runId: this.runId, at });
    } catch (error) {
      this.postUnreviewed(item);
      throw error;
    }
  }

  /** The page says "Saving…" until the cell comes back: when no review was recorded, it comes back as it is. */
  private postUnreviewed(item: RunItem): void {
    const view = cellView(item, this.live, this.judging);
    if (view) this.post({ type: 'cells', cells: [view] });
  }

  /** Reviews changed (here, in another panel, or on disk): the cells whose answers they are, and the count. */
  private reviewsChanged(change: ReviewsChange): void {
    const { run, reviews } = this;
    if (!run || !reviews) return;
    reviews.useBook(change.book);
    const cells = cellViews(change.keys === 'all' ? run.items : reviews.itemsWith(change.keys, run.items), this.live, this.judging);
    if (cells.length > 0) this.post({ type: 'cells', cells });
    this.post({ type: 'reviewed', count: reviews.count(run.items) });
  }

  /** One handler per action the protocol declares: a new action does not compile until it is handled here. */
  private runActions(run: RunProjection): Record<ExperimentAction, () => unknown> {
    return {
      rerunErrors: () => this.rerunErrors(run),
      resume: () => this.deps.runs.resume(this.runId),
      cancel: () => this.deps.runs.cancel(this.runId),
      exportJsonl: () => this.export(run, 'jsonl'),
      exportCsv: () => this.export(run, 'csv'),
      exportHtml: () => this.export(run, 'html'),
      exportTraining: () => exportTrainingData(this.deps, this.runId),
      openLedger: () => vscode.window.showTextDocument(vscode.Uri.file(this.deps.runs.runStore.ledgerPath(this.runId)), { preview: false }),
      openSource: () => run.header.source && vscode.window.showTextDocument(sourceUri(run.header.source), { preview: false, viewColumn: vscode.ViewColumn.One }),
      compareWith: () => this.compareWith(run),
      compareColumns: () => this.compareColumns(run),
      clearComparison: () => this.compare(undefined),
      judgeEveryRow: () => this.judgeRows(true),
      judgeHeldOutRows: () => this.judgeRows(false),
      setBaseline: () => this.deps.baselines.set(this.runId),
      clearBaseline: () => this.deps.baselines.clear(this.runId),
      saveBaselineFile: () => this.deps.baselines.saveFile(this.runId),
    };
  }

  private cellActions(item: RunItem): Record<CellAction, () => unknown> {
    return {
      detail: () => {
        const cell = cellDetailView(item, this.tests, this.live, this.judging);
        if (cell) this.post({ type: 'detail', cell });
      },
      copyOutput: () => copyText(item.response, 'Output'),
      openOutput: () => openInEditor(item.response ?? ''),
      openPrompt: () => openInEditor(cellDetailView(item, this.tests, this.live)?.prompt ?? ''),
      diff: () => this.diff(item),
      copyAsCurl: () => this.copyRequest(item, 'curl'),
      copyAsPython: () => this.copyRequest(item, 'python'),
      copyAsTypeScript: () => this.copyRequest(item, 'typescript'),
    };
  }

  private async copyRequest(item: RunItem, format: SnippetFormat): Promise<void> {
    if (!this.run) return;
    const snippet = cellSnippet(this.run, item, this.deps.headers());
    if (!snippet.ok) return void vscode.window.showWarningMessage(`ScalarLM: ${snippet.problem}`);
    const what = snippet.request.kind === 'chat' ? "The cell's chat request" : `The cell's batch (group ${snippet.group}) request`;
    await copyText(snippetsFor(snippet.request)[format], `${what} as ${SNIPPET_LABELS[format]} (token as $${TOKEN_ENV})`);
  }

  private async compareWith(run: RunProjection): Promise<void> {
    const runId = await pickRunToCompare(this.deps.runs.runStore, run);
    if (runId && this.run === run) this.compare({ kind: 'run', runId });
  }

  private async compareColumns(run: RunProjection): Promise<void> {
    const columns = await pickColumnsToCompare(run);
    if (columns && this.run === run) this.compare({ kind: 'columns', ...columns });
  }

  /** Compare with Base: the adaptor's column (of `model`) against the base's, shown as soon as the run is. */
  compareAdaptorWithBase(model: string): void {
    const columns = readRunHeader(this.deps.runs.runStore.ledgerPath(this.runId)).experiment?.columns ?? [];
    const pair = adaptorBesideBase(columns, model);
    if (pair) this.compare({ kind: 'columns', ...pair });
  }

  /** The column comparison on every row, or on the adaptor's held-out rows only (the default). */
  private judgeRows(allRows: boolean): void {
    if (this.compared?.kind === 'columns') this.compare({ ...this.compared, allRows });
  }

  /** Compares with `compared` (none: stops comparing); the page hears of it when it has the run, else with its init. */
  private compare(compared: ExperimentPanel['compared']): void {
    this.compared = compared;
    const { run, judging } = this;
    if (!run || !judging) return;
    this.applyComparison(run, judging);
    this.post({ type: 'comparison', comparison: judging.comparison ?? null });
    this.post({ type: 'cells', cells: cellViews(run.items, this.live, judging) });
  }

  private applyComparison(run: RunProjection, judging: PanelJudging): void {
    const store = this.deps.runs.runStore;
    const compared = this.compared;
    if (compared?.kind === 'run' && store.has(compared.runId)) judging.compareWith(run, compared.runId, storedVerdicts(store, templateTrust()));
    else if (compared?.kind === 'columns') judging.compareColumns(run, compared.base, compared.other, { allRows: compared.allRows });
    else judging.clearComparison();
  }

  /** The cell's output against the compared run's, or the baseline column's, in VS Code's diff editor. */
  private async diff(item: RunItem): Promise<void> {
    const other = this.judging?.compared(item);
    const comparison = this.judging?.comparison;
    const columns = this.run?.header.experiment?.columns;
    if (!other?.cell || !item.cell || !columns || !comparison) {
      const leftOut = comparison?.kind === 'columns' && comparison.rows?.judging === 'held-out' && item.cell?.[0] === comparison.other;
      const hint = leftOut
        ? "This row is not compared: only the adaptor's held-out rows are judged. Judge every row to compare it."
        : comparison?.kind === 'columns'
          ? "Select a cell of the compared column: its row's baseline cell opens beside it."
          : 'Compare with another run, or compare columns, first: this cell has nothing to be compared with.';
      return void vscode.window.showInformationMessage(hint);
    }
    const [column, row, repeat] = item.cell;
    const where = `${rowLabelIn(this.tests, row)}${repeat > 0 ? ` #${repeat + 1}` : ''}`;
    const short = this.runId.slice(0, 8);
    if (comparison.kind === 'columns') {
      const [base, mine] = [columns[other.cell[0]], columns[column]];
      return this.deps.texts.diff(
        { name: `${columnLabel(base)}.md`, text: answerText(other) },
        { name: `${columnLabel(mine)}.md`, text: answerText(item) },
        `${where}: ${columnLabel(base)} (baseline) ↔ ${columnLabel(mine)}`,
      );
    }
    await this.deps.texts.diff(
      { name: `${comparison.runId.slice(0, 8)}.md`, text: answerText(other) },
      { name: `${short}.md`, text: answerText(item) },
      `${columnLabel(columns[column])} · ${where}: ${comparison.title} (${comparison.runId.slice(0, 8)}) ↔ this run (${short})`,
    );
  }

  /** A new run of the cells that errored, each sent alone (so the server computes it again), linked to this one. */
  private async rerunErrors(run: RunProjection): Promise<void> {
    const experiment = run.header.experiment;
    const errored = run.items.filter((item) => item.status === 'error' && item.cell);
    if (!experiment || errored.length === 0) return void vscode.window.showInformationMessage('This run has no cell that errored to rerun.');
    const access = this.deps.runs.connectionApi();
    if (!access.ok) throw new Error(access.reason);
    const spec = await specOf(experiment.origin, { access: fileAccess(), repeat: experiment.repeat });
    const planned = await planExperiment(access.api, spec, experiment.origin, {
      trust: templateTrust(),
      maxTokens: this.deps.settings().maxTokens,
      only: new Set(errored.map((item) => cellKey(...(item.cell as [number, number, number])))),
    });
    const runId = await this.deps.runs.startExperiment(planned, run.header.runId);
    this.deps.showRun(runId);
  }

  private async export(run: RunProjection, format: 'jsonl' | 'csv' | 'html'): Promise<void> {
    const experiment = run.header.experiment;
    if (!experiment) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${(run.header.title ?? run.header.runId).replace(/[^\w.-]+/g, '-')}-cells.${format}`;
    const records = cellRecords(run, this.tests, (item) => this.judging?.verdict(item) ?? null, { reviews: this.deps.reviews.current(), seenOf: (item) => this.judging?.seen(item) });
    const target = await vscode.window.showSaveDialog({
      title: `Export ${records.length} cells as ${format.toUpperCase()}`,
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      filters: { csv: { CSV: ['csv'] }, jsonl: { 'JSON Lines': ['jsonl'] }, html: { 'HTML report': ['html'] } }[format],
    });
    if (!target) return;
    await writeCellRecords(target.fsPath, records, { runId: run.header.runId, title: run.header.title ?? run.header.runId, header: experiment, createdAt: run.header.createdAt });
    const message = `Exported ${records.length} cells to ${vscode.workspace.asRelativePath(target)}.`;
    if (format === 'html') return offerReport(target, message);
    const open = await vscode.window.showInformationMessage(message, 'Open');
    if (open) await vscode.window.showTextDocument(target);
  }
}

