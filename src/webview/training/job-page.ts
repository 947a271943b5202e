// The training job page, built once with DOM APIs; updates change text and attributes only. Log lines and
// dataset rows are the server's text and go in as textContent.
//
// The page's DOM, which host tests read (keep it stable):
//   main[data-view="scalarlm-training"][data-status][data-lines][data-next-line]
//     data-lines: log lines shown; data-next-line: the line number after the last shown (equal to data-lines when none is missing)
//   #hash, #status, #progress, #deployed, #notice (aria-live), button#cancel, button#restart, button#delete,
//   button#add-to-experiment and button#compare-with-base (hidden until COMPLETED), button#copy-name
//   .loss-chart: svg[data-points] (the line), .loss-axis .high/.low, .step-axis .first/.last (HTML text, unscaled),
//   pre#logs, dl#config, dl#lineage (or p#lineage-none when none is recorded),
//   #dataset: input#dataset-search, #dataset-summary, ol#dataset-rows > li, button#dataset-prev, button#dataset-next

import type { DatasetView, JobLogLine, JobPanelView } from '../../protocol/training';
import { button, element, setText } from '../shared/dom';
import { createLossChart } from './loss-chart';

/** Lines kept on the page (and in its saved state); the oldest go first. */
const KEPT_LINES = 5000;

export interface JobPageActions {
  cancel(): void;
  restart(): void;
  delete(): void;
  addToExperiment(): void;
  compareWithBase(): void;
  copyName(): void;
  dataset(offset: number, query: string): void;
}

export interface JobPage {
  show(view: JobPanelView): void;
  /** Appends the lines after the last one shown; returns them all, for the saved state. */
  addLines(lines: readonly JobLogLine[]): JobLogLine[];
  showDataset(page: DatasetView): void;
  /** The first line number the page does not have. */
  nextLine(): number;
}

export function createJobPage(container: HTMLElement, actions: JobPageActions, signal: AbortSignal): JobPage {
  const main = element('main');
  main.dataset.view = 'scalarlm-training';
  main.dataset.lines = '0';
  const header = element('header');
  const title = element('h1', undefined, 'Training job');
  const hash = field('p', 'hash');
  const facts = element('p', 'facts');
  const status = field('span', 'status');
  const progress = field('span', 'progress');
  const deployed = field('span', 'deployed');
  facts.append(status, ' · ', progress, ' · ', deployed);
  const error = field('p', 'error');
  error.hidden = true;
  const notice = field('p', 'notice');
  notice.setAttribute('aria-live', 'polite');
  const cancel = button('Cancel Job');
  cancel.id = 'cancel';
  const restart = button('Restart Job');
  restart.id = 'restart';
  const remove = button('Delete Job…');
  remove.id = 'delete';
  const addTo = button('Add to Experiment…');
  addTo.id = 'add-to-experiment';
  const compare = button('Compare with Base');
  compare.id = 'compare-with-base';
  const copy = button('Copy Model Name');
  copy.id = 'copy-name';
  const toolbar = element('div', 'toolbar');
  toolbar.append(addTo, compare, cancel, restart, remove, copy);
  header.append(title, hash, facts, error, notice, toolbar);

  const chart = createLossChart();
  const lossSection = section('Loss', chart.element);
  const logs = field('pre', 'logs');
  logs.tabIndex = 0;
  const logSection = section('Logs', logs);
  const config = field('dl', 'config');
  const configSection = section('Config', config);
  const lineage = field('dl', 'lineage');
  const noLineage = field('p', 'lineage-none');
  noLineage.textContent = 'Not recorded: the adaptor was not trained from this workspace\'s runs folder (trained elsewhere, or from a file written by hand).';
  const lineageSection = section('Lineage', lineage, noLineage);

  const search = element('input');
  search.id = 'dataset-search';
  search.type = 'search';
  search.placeholder = 'Search the dataset';
  search.setAttribute('aria-label', 'Search the dataset');
  const summary = field('p', 'dataset-summary');
  const rows = field('ol', 'dataset-rows');
  const prev = button('Previous');
  prev.id = 'dataset-prev';
  const next = button('Next');
  next.id = 'dataset-next';
  const pager = element('div', 'toolbar');
  pager.append(prev, next);
  const datasetSection = section('Dataset', search, summary, rows, pager);
  datasetSection.id = 'dataset';
  main.append(header, lossSection, logSection, configSection, lineageSection, datasetSection);
  container.append(main);

  let lines: JobLogLine[] = [];
  let dataset: DatasetView | undefined;
  cancel.addEventListener('click', () => actions.cancel(), { signal });
  restart.addEventListener('click', () => actions.restart(), { signal });
  remove.addEventListener('click', () => actions.delete(), { signal });
  addTo.addEventListener('click', () => actions.addToExperiment(), { signal });
  compare.addEventListener('click', () => actions.compareWithBase(), { signal });
  copy.addEventListener('click', () => actions.copyName(), { signal });
  search.addEventListener('change', () => actions.dataset(0, search.value), { signal });
  prev.addEventListener('click', () => dataset && actions.dataset(Math.max(0, dataset.offset - dataset.limit), dataset.query), { signal });
  next.addEventListener('click', () => dataset && actions.dataset(dataset.offset + dataset.limit, dataset.query), { signal });

  return {
    show(view) {
      main.dataset.status = view.status;
      setText(hash, view.hash);
      setText(status, view.status);
      setText(progress, view.progress || 'no steps yet');
      setText(deployed, view.deployed);
      setText(error, view.error ?? '');
      error.hidden = view.error === undefined;
      setText(notice, view.notice ?? '');
      cancel.disabled = !view.canCancel;
      restart.disabled = !view.canRestart;
      addTo.hidden = !view.canUseAdaptor;
      compare.hidden = !view.canUseAdaptor;
      chart.render(view.loss);
      config.replaceChildren(...view.config.flatMap(({ key, value }) => [element('dt', undefined, key), element('dd', undefined, value)]));
      lineage.replaceChildren(...(view.lineage ?? []).flatMap(({ key, value }) => [element('dt', undefined, key), element('dd', undefined, value)]));
      lineage.hidden = view.lineage === undefined;
      noLineage.hidden = view.lineage !== undefined;
    },
    addLines(arrived) {
      const from = lines.length > 0 ? lines[lines.length - 1].lineNumber + 1 : 0;
      const fresh = arrived.filter((line) => line.lineNumber >= from);
      if (fresh.length === 0) return lines;
      lines = [...lines, ...fresh].slice(-KEPT_LINES);
      logs.textContent = lines.map((line) => line.line).join('\n');
      main.dataset.lines = String(lines.length);
      main.dataset.nextLine = String(lines[lines.length - 1].lineNumber + 1);
      logs.scrollTop = logs.scrollHeight;
      return lines;
    },
    showDataset(page) {
      dataset = page;
      if (search.value !== page.query && document.activeElement !== search) search.value = page.query;
      const shown = page.rows.length === 0 ? 'none' : `${page.offset + 1}-${page.offset + page.rows.length}`;
      const of = page.query ? `${page.matched} matching "${page.query}" of ${page.total}` : `${page.total}`;
      setText(summary, page.problem ?? `Examples ${shown} of ${of}${page.truncated ? ' (the server stopped scanning: the dataset is large)' : ''}.`);
      rows.replaceChildren(...page.rows.map(datasetRow));
      rows.start = page.offset + 1;
      prev.disabled = page.offset === 0;
      next.disabled = page.offset + page.rows.length >= page.matched;
    },
    nextLine() {
      return lines.length > 0 ? lines[lines.length - 1].lineNumber + 1 : 0;
    },
  };
}

function datasetRow(row: DatasetView['rows'][number]): HTMLLIElement {
  const item = element('li');
  item.append(element('div', 'input', row.input), element('div', 'output', row.output));
  return item;
}

function field<K extends keyof HTMLElementTagNameMap>(tag: K, id: string): HTMLElementTagNameMap[K] {
  const created = element(tag);
  created.id = id;
  return created;
}

function section(heading: string, ...children: Node[]): HTMLElement {
  const created = element('section');
  created.append(element('h2', undefined, heading), ...children);
  return created;
}
