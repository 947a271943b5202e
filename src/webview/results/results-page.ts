// The panel's page: builds the views, holds what the user chose (filter, search, selection, response
// format), applies the host's messages, and saves the choices to the webview state. Incoming items
// update the store and only the rows in view; the filtered index list is recomputed, never the DOM list.

import type { ItemStatusView, ItemView, ProgressView, ResponseFormat, ResultsFromWebview, ResultsPanelState, ResultsToWebview } from '../../protocol/results';
import { createActionToolbar } from '../shared/action-toolbar';
import { createCountChips } from '../shared/count-chips';
import { element } from '../shared/dom';
import { positionOf } from '../shared/list-navigation';
import { createSearchBox } from '../shared/search-box';
import type { Page, PageHost } from '../shared/start-page';
import { createCopyBar } from './copy-bar';
import { createDetailView } from './detail-view';
import { createHeaderView } from './header-view';
import { filterItems, ITEM_STATUSES } from './item-filter';
import { ItemStore } from './item-store';
import { hiddenByFilter } from './item-text';
import { createListView } from './list-view';
import { createUnknownGroupsView } from './unknown-groups-view';
import { RUN_ACTIONS, RUN_ROW, toolbarButtons } from './wording';


/** Scrolling fires every frame; the saved position only needs to be right when the page goes away. */
const SAVE_SCROLL_DELAY_MS = 250;

export function createResultsPage(
  container: HTMLElement,
  host: PageHost<ResultsFromWebview, ResultsPanelState>,
  restored: ResultsPanelState | undefined,
  signal: AbortSignal,
): Page<ResultsToWebview> {
  const store = new ItemStore();
  let runId: string | undefined;
  let status: ItemStatusView | undefined;
  let search = '';
  let selected: number | undefined;
  let responseFormat: ResponseFormat = restored?.responseFormat ?? 'rendered';
  let scrollTop = 0;
  let indexes: readonly number[] = [];

  const header = createHeaderView(signal);
  const chips = createCountChips(ITEM_STATUSES, 'Filter by state', (chosen) => {
    status = chosen;
    chips.showActive(status);
    refilter();
    save();
  }, signal);
  const toolbar = createActionToolbar(RUN_ACTIONS, { primary: 'retryFailed', row: RUN_ROW, label: 'Run actions' }, (action) => host.post({ type: 'run', action }), signal);
  const unknownGroups = createUnknownGroupsView((group) => host.post({ type: 'resubmitUnknown', group }), signal);
  const searchBox = createSearchBox({ label: 'Search prompts, responses and errors', controls: 'list', noun: 'item' }, (query) => {
    search = query;
    refilter();
    save();
  }, signal);
  const list = createListView(
    {
      item: (index) => store.get(index),
      select: (index) => {
        select(index);
        list.revealSelected();
      },
      reveal: (index) => host.post({ type: 'item', action: 'reveal', index }),
      openDetail: () => detail.focus(),
      closeDetail: () => closeDetail(),
      scrolled: (top) => {
        scrollTop = top;
        saveSoon();
      },
    },
    signal,
  );
  const detail = createDetailView(
    {
      action: (action, index) => host.post({ type: 'item', action, index }),
      formatChosen: (format) => {
        responseFormat = format;
        detail.setFormat(format);
        save();
      },
      close: () => {
        closeDetail();
        list.element.focus();
      },
    },
    signal,
  );
  detail.setFormat(responseFormat);
  const copyBar = createCopyBar((format) => host.post({ type: 'copyRequest', format }), signal);
  copyBar.showGroup(undefined);

  const main = element('main', 'results run-panel');
  main.dataset.view = 'scalarlm-results';
  header.element.append(chips.element, toolbar.element, copyBar.element);
  const split = element('div', 'split');
  split.append(list.element, detail.element);
  main.append(header.element, unknownGroups.element, searchBox.element, split);
  container.append(main);
  chips.showActive(undefined);

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => clearTimeout(saveTimer));

  function save(): void {
    clearTimeout(saveTimer);
    if (runId === undefined) return;
    const state: ResultsPanelState = { runId, search, scrollTop, responseFormat };
    if (status !== undefined) state.filter = status;
    if (selected !== undefined) state.selected = selected;
    host.save(state);
  }

  function saveSoon(): void {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(save, SAVE_SCROLL_DELAY_MS);
  }

  /** Selecting an item opens its detail; closing it lets the list take the height back. */
  function select(index: number | undefined): void {
    selected = index;
    list.setSelected(index);
    showDetail();
    save();
  }

  function closeDetail(): void {
    select(undefined);
  }

  /** The item the detail pane shows, as the host last heard of it: the host asks the server about it. */
  let detailTold: ItemView | undefined;

  /**
   * The selected item in the detail pane, unless the filter hides it: then the pane says so (the selection
   * stays, so the keyboard goes on from there and the item comes back when the filter does).
   */
  function showDetail(): void {
    detail.element.hidden = selected === undefined;
    const item = selected === undefined ? undefined : store.get(selected);
    const visible = item !== undefined && positionOf(indexes, item.index).present ? item : undefined;
    detail.show(visible, item !== undefined && visible === undefined ? hiddenByFilter(item) : undefined);
    copyBar.showGroup(visible?.group);
    if (visible === detailTold) return;
    detailTold = visible;
    host.post(visible === undefined ? { type: 'detailHidden' } : { type: 'detailShown', index: visible.index });
  }

  function refilter(): void {
    indexes = filterItems(store, { status, search });
    list.setIndexes(indexes);
    searchBox.showMatches(indexes.length, store.size);
    showDetail();
  }

  function init(message: Extract<ResultsToWebview, { type: 'init' }>): void {
    // The saved choices apply when they belong to this run: after a reload, or a repeated init.
    const current: Omit<ResultsPanelState, 'runId'> = { filter: status, search, scrollTop, selected };
    const saved = runId === message.header.runId ? current : restored?.runId === message.header.runId ? restored : undefined;
    runId = message.header.runId;
    main.dataset.runId = runId;
    status = saved?.filter;
    search = saved?.search ?? '';
    selected = saved?.selected;
    store.replaceAll(message.items);
    header.showRun(message.header);
    showProgress(message.progress);
    chips.showActive(status);
    searchBox.setQuery(search);
    list.setSelected(selected);
    refilter();
    scrollTop = saved?.scrollTop ?? 0;
    list.scrollTo(scrollTop);
    save();
  }

  function showProgress(progress: ProgressView): void {
    main.dataset.phase = progress.phase;
    header.showProgress(progress);
    chips.showCounts(progress.counts);
    toolbar.update(toolbarButtons(progress.phase, progress.counts));
    unknownGroups.show(progress.unknownGroups);
  }

  // How many messages the page has taken in: a diagnostic (and what the panel benchmark counts).
  let received = 0;

  return {
    apply(message) {
      main.dataset.messages = String(++received);
      switch (message.type) {
        case 'init':
          init(message);
          break;
        case 'items':
          store.upsert(message.items);
          // States changed, so the filter may now take or drop items; rows in view redraw where their item changed.
          refilter();
          break;
        case 'progress':
          showProgress(message.progress);
          break;
        case 'itemDetail':
          detail.showRequestId(message.index, message.requestId);
          break;
        case 'serverFacts':
          detail.showFacts(message.index, message.facts);
          break;
      }
    },
  };
}
