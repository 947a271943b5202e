// The experiment panel's page: builds the views, holds what the user chose (column, state, verdict,
// changed cells, flaky or regressed rows, reviewed or not, search, selected cell, output format), applies the
// host's messages and saves the choices to the webview state. Incoming cells update the store and only the cells
// in view that changed; the filtered row list is recomputed only when a filter could take or drop rows. Judging
// (column figures, rows' marks: columns that disagree, samples' passes, changes against the baseline) rewrites the
// headers and the rows whose marks changed, never the grid.

import {
  CELL_STATUSES,
  type BaselineView,
  type CellDetailView,
  type CellStatus,
  type ColumnView,
  type ComparisonView,
  type ExperimentFromWebview,
  type ExperimentPanelState,
  type ExperimentProgressView,
  type ExperimentToWebview,
  type ReviewChoice,
} from '../../protocol/experiments';
import { createActionToolbar } from '../shared/action-toolbar';
import { createCountChips } from '../shared/count-chips';
import { element } from '../shared/dom';
import type { OutputFormat } from '../shared/saved-state';
import { createSearchBox } from '../shared/search-box';
import type { Page, PageHost } from '../shared/start-page';
import { createBaselineBar } from './baseline-bar';
import { CellStore, sameCell, type CellRef, type VerdictChoice } from './cell-store';
import { createColumnFilter } from './column-filter';
import { createComparisonBar } from './comparison-bar';
import { createDetailView } from './detail-view';
import { columnFiguresLine } from './figures-text';
import { createHeaderView } from './header-view';
import { createMarkFilter, type RowMarkFilter } from './mark-filter';
import { filterRows, filtersByCells, filtersByMarks, shownColumns, type MatrixFilter } from './matrix-filter';
import { createMatrixView } from './matrix-view';
import { createReviewFilter } from './review-filter';
import { createVerdictFilter } from './verdict-filter';
import { comparedWhere, EXPERIMENT_ROW, EXPERIMENT_TOOLBAR, toolbarButtons, type ToolbarContext } from './wording';

/** Scrolling fires every frame; the saved position only needs to be right when the page goes away. */
const SAVE_SCROLL_DELAY_MS = 250;

/** Arrow keys can cross many cells a second: the detail is asked for once the selection rests. */
const DETAIL_REQUEST_DELAY_MS = 200;

type Init = Extract<ExperimentToWebview, { type: 'init' }>;

export function createExperimentPage(
  container: HTMLElement,
  host: PageHost<ExperimentFromWebview, ExperimentPanelState>,
  restored: ExperimentPanelState | undefined,
  signal: AbortSignal,
): Page<ExperimentToWebview> {
  const store = new CellStore();
  let runId: string | undefined;
  let columns: readonly ColumnView[] = [];
  let repeats = 1;
  let column: number | undefined;
  let status: CellStatus | undefined;
  let verdict: VerdictChoice | undefined;
  let changedOnly = false;
  let flakyOnly = false;
  let regressedOnly = false;
  let review: ReviewChoice | undefined;
  let search = '';
  let selected: CellRef | undefined;
  let detail: CellDetailView | undefined;
  let outputFormat: OutputFormat = restored?.outputFormat ?? 'rendered';
  let scrollTop = 0;
  let progress: ExperimentProgressView | undefined;
  let comparison: ComparisonView | undefined;
  /** The experiment's baseline run as the host compares this run with it; undefined: the experiment has none. */
  let baseline: BaselineView | undefined;
  /** Some cell has a verdict: the verdict filters are worth showing. */
  let judged = false;

  const header = createHeaderView(signal);
  const chips = createCountChips(CELL_STATUSES, 'Show rows with a cell in this state', (chosen) => {
    status = chosen;
    chips.showActive(status);
    refilter();
    save();
  }, signal);
  const verdictFilter = createVerdictFilter(
    {
      verdict(chosen) {
        verdict = chosen;
        showFilters();
        refilter();
        save();
      },
      changed(on) {
        changedOnly = on;
        showFilters();
        refilter();
        save();
      },
    },
    signal,
  );
  const markFilter = createMarkFilter((chosen: RowMarkFilter) => {
    if (chosen === 'flaky') flakyOnly = !flakyOnly;
    else regressedOnly = !regressedOnly;
    showFilters();
    refilter();
    save();
  }, signal);
  const reviewFilter = createReviewFilter((chosen) => {
    review = chosen;
    reviewFilter.showActive(review);
    refilter();
    save();
  }, signal);
  const toolbar = createActionToolbar(EXPERIMENT_TOOLBAR, { primary: 'rerunErrors', row: EXPERIMENT_ROW, label: 'Experiment actions' }, (action) => host.post({ type: 'run', action }), signal);
  const comparisonBar = createComparisonBar((action) => host.post({ type: 'run', action }), signal);
  const baselineBar = createBaselineBar();
  const columnFilter = createColumnFilter((chosen) => {
    column = chosen;
    showColumns();
    refilter();
    save();
  }, signal);
  const searchBox = createSearchBox({ label: 'Search row labels, vars, outputs and errors', controls: 'matrix', noun: 'row' }, (query) => {
    search = query;
    refilter();
    save();
  }, signal);
  searchBox.element.prepend(columnFilter.element);
  const matrix = createMatrixView(
    {
      entry: (row) => store.entry(row),
      select: (cell, open) => {
        select(cell);
        matrix.revealSelected();
        if (open) requestDetail();
        else requestDetailSoon();
      },
      open: () => {
        requestDetail();
        detailView.focus();
      },
      close: () => select(undefined),
      scrolled: (top) => {
        scrollTop = top;
        saveSoon();
      },
    },
    signal,
  );
  const detailView = createDetailView(
    {
      action: (action, cell) => host.post({ type: 'cell', action, ...cell }),
      repeatChosen: (repeat) => {
        if (selected === undefined || repeat < 0 || repeat >= repeats) return;
        select({ ...selected, repeat });
        requestDetail();
      },
      formatChosen: (format) => {
        outputFormat = format;
        detailView.setFormat(format);
        save();
      },
      review: (cell, chosen, correction) => host.post({ type: 'review', ...cell, verdict: chosen, ...(correction !== undefined ? { correction } : {}) }),
      close: () => {
        select(undefined);
        matrix.element.focus();
      },
    },
    signal,
  );
  detailView.setFormat(outputFormat);

  const main = element('main', 'experiment run-panel');
  main.dataset.view = 'scalarlm-experiment';
  const filterChips = element('div', 'filter-chips');
  filterChips.append(chips.element, verdictFilter.element, markFilter.element, reviewFilter.element);
  header.element.append(comparisonBar.element, baselineBar.element, filterChips, toolbar.element);
  const split = element('div', 'split');
  split.append(matrix.element, detailView.element);
  main.append(header.element, searchBox.element, split);
  container.append(main);
  chips.showActive(undefined);

  const timers = { save: undefined as ReturnType<typeof setTimeout> | undefined, detail: undefined as ReturnType<typeof setTimeout> | undefined };
  signal.addEventListener('abort', () => {
    clearTimeout(timers.save);
    clearTimeout(timers.detail);
  });

  function save(): void {
    clearTimeout(timers.save);
    if (runId === undefined) return;
    const state: ExperimentPanelState = { runId, search, scrollTop, outputFormat };
    if (column !== undefined) state.column = column;
    if (status !== undefined) state.status = status;
    if (verdict !== undefined) state.verdict = verdict;
    if (changedOnly) state.changedOnly = true;
    if (flakyOnly) state.flakyOnly = true;
    if (regressedOnly) state.regressedOnly = true;
    if (review !== undefined) state.review = review;
    if (selected !== undefined) state.selected = selected;
    host.save(state);
  }

  function saveSoon(): void {
    clearTimeout(timers.save);
    timers.save = setTimeout(save, SAVE_SCROLL_DELAY_MS);
  }

  function requestDetail(): void {
    clearTimeout(timers.detail);
    timers.detail = undefined;
    if (selected !== undefined) host.post({ type: 'cell', action: 'detail', ...selected });
  }

  function requestDetailSoon(): void {
    clearTimeout(timers.detail);
    timers.detail = setTimeout(requestDetail, DETAIL_REQUEST_DELAY_MS);
  }

  function select(cell: CellRef | undefined): void {
    if (!sameCell(cell, selected)) detail = undefined;
    selected = cell;
    matrix.setSelected(selected);
    showDetail();
    save();
  }

  function showDetail(): void {
    // With nothing selected the pane is closed: the matrix takes its height.
    detailView.element.hidden = selected === undefined;
    if (selected === undefined) {
      detailView.show(undefined);
      return;
    }
    const entry = store.entry(selected.row);
    detailView.show({
      ref: selected,
      cell: entry?.cellsOf(selected.column)[selected.repeat],
      row: entry?.row,
      column: columns.find((candidate) => candidate.index === selected?.column),
      repeats,
      detail,
      comparedWhere: comparedWhere(comparison, columns),
    });
  }

  function showColumns(): void {
    columnFilter.showActive(column);
    matrix.setColumns(shownColumns(columns, column), repeats);
  }

  function currentFilter(): MatrixFilter {
    return { column, status, verdict, changedOnly, flakyOnly, regressedOnly, review, search };
  }

  function refilter(): void {
    const rows = filterRows(store, currentFilter());
    matrix.setRows(rows);
    searchBox.showMatches(rows.length, store.size);
  }

  function showFilters(): void {
    verdictFilter.showActive(verdict, changedOnly);
    verdictFilter.setAvailable(judged, comparison !== undefined);
    markFilter.showActive(new Set<RowMarkFilter>([...(flakyOnly ? ['flaky' as const] : []), ...(regressedOnly ? ['regressed' as const] : [])]));
    markFilter.setAvailable(new Set<RowMarkFilter>([...(judged && repeats > 1 ? ['flaky' as const] : []), ...(baseline?.state === 'compared' ? ['regressed' as const] : [])]));
  }

  /** The headers' figures lines from the columns' stats; a column is waiting for verdicts when a cell has one. */
  function showFigures(): void {
    const withVerdicts = store.columnsWithVerdicts();
    judged = withVerdicts.size > 0;
    matrix.showFigures(new Map(columns.map((candidate) => [candidate.index, columnFiguresLine(candidate.stats, withVerdicts.has(candidate.index))])));
  }

  function showComparison(next: ComparisonView | undefined): void {
    comparison = next;
    comparisonBar.show(comparison, columns, repeats);
    if (progress !== undefined) toolbar.update(toolbarButtons(progress.phase, progress.counts, toolbarContext()));
  }

  function showBaseline(next: BaselineView | undefined): void {
    baseline = next;
    baselineBar.show(baseline, columns, repeats);
    if (progress !== undefined) toolbar.update(toolbarButtons(progress.phase, progress.counts, toolbarContext()));
  }

  function toolbarContext(): ToolbarContext {
    return { columns: columns.length, ...(comparison !== undefined ? { comparing: comparison.kind } : {}), ...(baseline !== undefined ? { baseline: baseline.state } : {}) };
  }

  function init(message: Init): void {
    // The saved choices apply when they belong to this run: after a reload, or a repeated init.
    const current: Omit<ExperimentPanelState, 'runId'> = { column, status, verdict, changedOnly, flakyOnly, regressedOnly, review, search, scrollTop, selected };
    const saved = runId === message.header.runId ? current : restored?.runId === message.header.runId ? restored : undefined;
    runId = message.header.runId;
    main.dataset.runId = runId;
    columns = message.header.columns;
    repeats = Math.max(1, message.header.repeat);
    column = columns.some((candidate) => candidate.index === saved?.column) ? saved?.column : undefined;
    status = saved?.status;
    verdict = saved?.verdict;
    // "Changed" means against the run compared with: without one it would hide every row.
    changedOnly = saved?.changedOnly === true && message.comparison !== undefined;
    // Likewise "flaky" without repeats, and "regressed" without a baseline compared.
    flakyOnly = saved?.flakyOnly === true && repeats > 1;
    regressedOnly = saved?.regressedOnly === true && message.baseline?.state === 'compared';
    review = saved?.review;
    search = saved?.search ?? '';
    selected = saved?.selected;
    detail = undefined;
    store.replaceAll(columns, message.rows, message.cells);
    header.showExperiment(message.header);
    showComparison(message.comparison);
    showBaseline(message.baseline);
    showProgress(message.progress);
    chips.showActive(status);
    reviewFilter.showActive(review);
    reviewFilter.showCount(message.reviews);
    columnFilter.setColumns(columns);
    searchBox.setQuery(search);
    showColumns();
    showFigures();
    showFilters();
    refilter();
    matrix.setSelected(selected);
    showDetail();
    scrollTop = saved?.scrollTop ?? 0;
    matrix.scrollTo(scrollTop);
    revealComparedColumn();
    if (selected !== undefined) requestDetail();
    save();
  }

  function showProgress(next: ExperimentProgressView): void {
    progress = next;
    main.dataset.phase = next.phase;
    header.showProgress(next);
    chips.showCounts(next.counts);
    toolbar.update(toolbarButtons(next.phase, next.counts, toolbarContext()));
  }

  function judgedMessage(message: Extract<ExperimentToWebview, { type: 'judged' }>): void {
    const stats = new Map(message.columns.map((candidate) => [candidate.index, candidate.stats]));
    // The labels and order stay the page's: only the figures are new, so nothing is rebuilt.
    columns = columns.map((candidate) => ({ ...candidate, stats: stats.get(candidate.index) }));
    showFigures();
    showFilters();
    showRowMarks(message.rows);
  }

  function showRowMarks(rows: Extract<ExperimentToWebview, { type: 'judged' }>['rows']): void {
    if (store.setRowMarks(rows).length === 0) return;
    if (filtersByMarks(currentFilter())) refilter();
    else matrix.refresh();
  }

  function baselineMessage(message: Extract<ExperimentToWebview, { type: 'baseline' }>): void {
    showBaseline(message.baseline ?? undefined);
    // "Regressed" means against a baseline compared: without one it would hide every row.
    const stopped = regressedOnly && baseline?.state !== 'compared';
    if (stopped) regressedOnly = false;
    showFilters();
    showRowMarks(message.rows);
    if (stopped) {
      refilter();
      save();
    }
  }

  /**
   * The compared column in view: Compare with Base adds the adaptor's column, and Compare columns… may pick one,
   * past the panel's width (a laptop's half window shows two columns); the matrix scrolls sideways to it.
   */
  function revealComparedColumn(): void {
    if (comparison?.kind === 'columns') matrix.revealColumn(comparison.other);
  }

  function comparisonMessage(next: ComparisonView | null): void {
    const stopped = next === null;
    const before = comparison;
    showComparison(next ?? undefined);
    if (next?.kind === 'columns' && (before?.kind !== 'columns' || before.base !== next.base || before.other !== next.other)) revealComparedColumn();
    if (stopped) {
      const wasFiltering = changedOnly;
      changedOnly = false;
      if (detail?.comparedOutput !== undefined) {
        // The compared output is gone with the comparison, before the detail is asked for again.
        detail = { ...detail };
        delete detail.comparedOutput;
        showDetail();
      }
      if (wasFiltering) refilter();
      save();
    }
    showFilters();
  }

  // How many messages the page has taken in: a diagnostic (and what a panel benchmark counts).
  let received = 0;

  return {
    apply(message) {
      main.dataset.messages = String(++received);
      switch (message.type) {
        case 'init':
          init(message);
          break;
        case 'cells': {
          const rowsBefore = store.size;
          store.upsert(message.cells);
          if (!judged && message.cells.some((candidate) => candidate.verdict !== undefined)) {
            judged = true;
            showFilters();
          }
          // States, verdicts, changes and texts moved, so a filter may now take or drop rows (and a cell
          // of a row the page did not know brought that row).
          if (filtersByCells(currentFilter()) || store.size !== rowsBefore) refilter();
          else matrix.refresh();
          if (selected !== undefined && message.cells.some((cell) => sameCell(cell, selected))) {
            showDetail();
            requestDetailSoon();
          }
          break;
        }
        case 'progress':
          showProgress(message.progress);
          break;
        case 'detail':
          if (sameCell(message.cell, selected)) {
            detail = message.cell;
            showDetail();
          }
          break;
        case 'judged':
          judgedMessage(message);
          break;
        case 'comparison':
          comparisonMessage(message.comparison);
          break;
        case 'baseline':
          baselineMessage(message);
          break;
        case 'reviewed':
          reviewFilter.showCount(message.count);
          break;
      }
    },
  };
}
