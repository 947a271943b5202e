// The experiment panel's page: builds the views, holds what the user chose (column, state, search,
// selected cell, output format), applies the host's messages and saves the choices to the webview state.
// Incoming cells update the store and only the cells in view that changed; the filtered row list is
// recomputed only when a filter could take or drop rows.

import {
  CELL_STATUSES,
  type CellDetailView,
  type CellStatus,
  type ColumnView,
  type ExperimentFromWebview,
  type ExperimentPanelState,
  type ExperimentProgressView,
  type ExperimentToWebview,
} from '../../protocol/experiments';
import { createActionToolbar } from '../shared/action-toolbar';
import { createCountChips } from '../shared/count-chips';
import { element } from '../shared/dom';
import type { OutputFormat } from '../shared/saved-state';
import { createSearchBox } from '../shared/search-box';
import type { Page, PageHost } from '../shared/start-page';
import { CellStore, sameCell, type CellRef } from './cell-store';
import { createColumnFilter } from './column-filter';
import { createDetailView } from './detail-view';
import { createHeaderView } from './header-view';
import { filterRows, shownColumns } from './matrix-filter';
import { createMatrixView } from './matrix-view';
import { EXPERIMENT_TOOLBAR, toolbarButtons } from './wording';

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
  let search = '';
  let selected: CellRef | undefined;
  let detail: CellDetailView | undefined;
  let outputFormat: OutputFormat = restored?.outputFormat ?? 'rendered';
  let scrollTop = 0;

  const header = createHeaderView(signal);
  const chips = createCountChips(CELL_STATUSES, 'Show rows with a cell in this state', (chosen) => {
    status = chosen;
    chips.showActive(status);
    refilter();
    save();
  }, signal);
  const toolbar = createActionToolbar(EXPERIMENT_TOOLBAR, { primary: 'rerunFailed', label: 'Experiment actions' }, (action) => host.post({ type: 'run', action }), signal);
  const columnFilter = createColumnFilter((chosen) => {
    column = chosen;
    showColumns();
    refilter();
    save();
  }, signal);
  const searchBox = createSearchBox({ label: 'Search row labels, vars, outputs and errors', controls: 'matrix', noun: 'rows' }, (query) => {
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
    },
    signal,
  );
  detailView.setFormat(outputFormat);

  const main = element('main', 'experiment run-panel');
  main.dataset.view = 'scalarlm-experiment';
  header.element.append(chips.element, toolbar.element);
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
    });
  }

  function showColumns(): void {
    columnFilter.showActive(column);
    matrix.setColumns(shownColumns(columns, column), repeats);
  }

  function refilter(): void {
    const rows = filterRows(store, { column, status, search });
    matrix.setRows(rows);
    searchBox.showMatches(rows.length, store.size);
  }

  function init(message: Init): void {
    // The saved choices apply when they belong to this run: after a reload, or a repeated init.
    const current: Omit<ExperimentPanelState, 'runId'> = { column, status, search, scrollTop, selected };
    const saved = runId === message.header.runId ? current : restored?.runId === message.header.runId ? restored : undefined;
    runId = message.header.runId;
    main.dataset.runId = runId;
    columns = message.header.columns;
    repeats = Math.max(1, message.header.repeat);
    column = columns.some((candidate) => candidate.index === saved?.column) ? saved?.column : undefined;
    status = saved?.status;
    search = saved?.search ?? '';
    selected = saved?.selected;
    detail = undefined;
    store.replaceAll(columns, message.rows, message.cells);
    header.showExperiment(message.header);
    showProgress(message.progress);
    chips.showActive(status);
    columnFilter.setColumns(columns);
    searchBox.setQuery(search);
    showColumns();
    refilter();
    matrix.setSelected(selected);
    showDetail();
    scrollTop = saved?.scrollTop ?? 0;
    matrix.scrollTo(scrollTop);
    if (selected !== undefined) requestDetail();
    save();
  }

  function showProgress(progress: ExperimentProgressView): void {
    main.dataset.phase = progress.phase;
    header.showProgress(progress);
    chips.showCounts(progress.counts);
    toolbar.update(toolbarButtons(progress.phase, progress.counts));
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
          // States and texts changed, so a state filter or a search may now take or drop rows (and a cell
          // of a row the page did not know brought that row).
          if (status !== undefined || search.trim() !== '' || store.size !== rowsBefore) refilter();
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
      }
    },
  };
}
