// The experiment panel fits a laptop's window (issue 26 item 15): opened from its file, beside the editor in
// a column of its own, the bundled example (2 prompts × 1 provider × 5 rows) shows all its rows at 1400×900
// and at least 4 at 1280×720, the header above the matrix takes a small share of the height, the page is no
// wider than the panel (the search box and the row count whole), the actions are one line with the rest in
// a "More actions" menu, and the column Compare with Base adds is scrolled into view.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { REPO_ROOT } from './helpers/extension';
import { pressKey, screenshot, setWindowSize, webviewClick, webviewEval, webviewQuery } from './helpers/page';
import { trainOnFile } from './helpers/training-job';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

/** The runner's own window size, given back after each test. */
const RUNNER_WINDOW = { width: 1280, height: 800 };
/** Above the matrix (title, lines, bars, filters, actions, search): at most this share of the panel's height. */
const MAX_HEADER_SHARE = 0.3;
/** Rows in view at least while comparing, at either size. */
const COMPARING_ROWS = 2;
const SIZES = [
  { width: 1400, height: 900, rows: 5 },
  { width: 1280, height: 720, rows: 4 },
] as const;

interface Fit {
  panelWidth: number;
  panelHeight: number;
  /** How much wider than the panel the page is. */
  overflow: number;
  /** The share of the panel's height above the matrix. */
  headerShare: number;
  /** Rows wholly in view under the matrix's header row. */
  rowsInView: number;
  /** The right edge of the search box and of the row count, beside the panel's width. */
  searchRight: number;
  /** Lines the visible actions take. */
  actionLines: number;
}

const MEASURE = `(() => {
  const page = document.documentElement;
  const matrix = document.querySelector('.matrix').getBoundingClientRect();
  const head = document.querySelector('.matrix-head').getBoundingClientRect();
  const rows = [...document.querySelectorAll('.matrix-row[data-row]')].map((r) => r.getBoundingClientRect())
    .filter((r) => r.top >= head.bottom - 2 && r.bottom <= matrix.bottom + 2).length;
  const search = Math.max(...['.search', '.match-count'].map((s) => document.querySelector(s).getBoundingClientRect().right));
  const tops = new Set([...document.querySelectorAll('#actions > button')].filter((b) => b.offsetParent !== null).map((b) => Math.round(b.getBoundingClientRect().top)));
  return { panelWidth: page.clientWidth, panelHeight: window.innerHeight, overflow: page.scrollWidth - page.clientWidth,
    headerShare: Math.round((matrix.top / window.innerHeight) * 100) / 100, rowsInView: rows, searchRight: Math.round(search), actionLines: tops.size };
})()`;

/** The figures once a resize has reached the webview: the same twice in a row. */
async function fit(): Promise<Fit> {
  let last: string | undefined;
  return waitFor(async () => {
    const now = await webviewEval<Fit>(EXPERIMENT_PANEL, MEASURE);
    const settled = JSON.stringify(now) === last;
    last = JSON.stringify(now);
    return settled && now;
  }, { timeoutMs: 10_000, what: 'the experiment panel to settle' });
}

/**
 * `comparing`: the comparison bar (what is compared, its counts, the paired test, the same-answers flag) takes four
 * or five lines of the header; then the page still fits sideways and keeps its one line of actions, with two rows
 * in view at least.
 */
function assertFits(size: (typeof SIZES)[number], figures: Fit, comparing = false): void {
  const at = `at ${size.width}×${size.height}${comparing ? ', comparing' : ''}: ${JSON.stringify(figures)}`;
  assert.ok(figures.overflow <= 0, `the page is ${figures.overflow}px wider than the panel ${at}`);
  assert.ok(figures.searchRight <= figures.panelWidth, `the search box or the row count is cut ${at}`);
  if (!comparing) assert.ok(figures.headerShare <= MAX_HEADER_SHARE, `the header takes ${Math.round(figures.headerShare * 100)}% of the height ${at}`);
  const rows = comparing ? COMPARING_ROWS : size.rows;
  assert.ok(figures.rowsInView >= rows, `${figures.rowsInView} rows in view, ${rows} wanted ${at}`);
  assert.equal(figures.actionLines, 1, `the actions on one line ${at}`);
}

/** The bundled example, copied into the workspace and opened in the editor, as a person starts from it. */
async function openExample(): Promise<vscode.Uri> {
  const from = join(REPO_ROOT, 'examples', 'experiment');
  const files = await Promise.all(readdirSync(from).map((name) => workspaceFile(`fit/${name}`, readFileSync(join(from, name), 'utf8'))));
  const config = files.find((uri) => uri.path.endsWith('/promptfooconfig.yaml'));
  assert.ok(config, 'the example has its promptfooconfig.yaml');
  await vscode.window.showTextDocument(config, { viewColumn: vscode.ViewColumn.One });
  return config;
}

/** How much of the column's header shows beside the pinned row labels, in px of its width. */
async function columnShown(column: number): Promise<{ shown: number; width: number }> {
  return webviewEval(EXPERIMENT_PANEL, `(() => {
    const matrix = document.querySelector('.matrix');
    const box = matrix.getBoundingClientRect();
    const left = box.left + document.querySelector('.corner').getBoundingClientRect().width;
    const head = document.querySelector('.column-head[data-column="${column}"]').getBoundingClientRect();
    return { shown: Math.round(Math.min(head.right, box.left + matrix.clientWidth) - Math.max(head.left, left)), width: Math.round(head.width) };
  })()`);
}

const detailShown = () => webviewEval<boolean>(EXPERIMENT_PANEL, `!document.querySelector('.detail').hidden`);

/** A click on a cell opens the detail under the matrix; Escape in the matrix closes it, and the rows are back in view. */
async function detailOpensAndCloses(size: (typeof SIZES)[number]): Promise<void> {
  await webviewClick(EXPERIMENT_PANEL, '.cell[data-row="0"][data-column="0"]');
  await waitFor(detailShown, { timeoutMs: 10_000, what: 'a click on a cell to open its detail' });
  await pressKey('Escape');
  await waitFor(async () => !(await detailShown()), { timeoutMs: 10_000, what: 'Escape in the matrix to close the detail' });
  assertFits(size, await fit());
}

/** What has the keyboard in the panel's page: an action's name, the … button's, or the element's tag. */
async function focused(): Promise<string> {
  return webviewEval<string>(EXPERIMENT_PANEL, `(() => { const at = document.activeElement; return at?.dataset.action ?? (at?.classList.contains('more-actions') ? 'more' : at?.tagName ?? ''); })()`);
}

async function menuOpen(): Promise<boolean> {
  return webviewEval<boolean>(EXPERIMENT_PANEL, `document.querySelector('#actions [role="menu"]').matches(':popover-open') && document.querySelector('#actions .more-actions').getAttribute('aria-expanded') === 'true'`);
}

/** The … menu as a keyboard user meets it: focus on its first item, arrows move, Escape gives the focus back, Enter runs an item. */
async function moreActionsByKeyboard(config: vscode.Uri): Promise<void> {
  await webviewClick(EXPERIMENT_PANEL, '#actions .more-actions');
  await waitFor(menuOpen, { timeoutMs: 5_000, what: 'the More actions menu to open' });
  const first = await waitFor(async () => (await focused()) !== 'more' && focused(), { timeoutMs: 5_000, what: 'an item of the menu to have the focus' });
  await pressKey('ArrowDown');
  await waitFor(async () => (await focused()) !== first, { timeoutMs: 5_000, what: `Arrow Down to move on from ${first}` });
  await pressKey('Escape');
  await waitFor(async () => !(await menuOpen()) && (await focused()) === 'more', { timeoutMs: 5_000, what: `Escape to close the menu, the focus back on its button (now ${await focused()})` });
  // Arrow Up opens it at its last item: Open experiment file.
  await pressKey('ArrowUp');
  await waitFor(async () => (await focused()) === 'openSource', { timeoutMs: 5_000, what: `Arrow Up to open the menu at its last item (now ${await focused()})` });
  await pressKey('Enter');
  await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === config.toString(), { timeoutMs: 10_000, what: 'Enter on Open experiment file to open it' });
}

describe('the experiment panel fits a laptop window', () => {
  useExperimentSimulator();
  afterEach(() => setWindowSize(RUNNER_WINDOW.width, RUNNER_WINDOW.height));

  it('beside its file, the example shows its rows, a one-line header and no sideways overflow at 1400×900 and 1280×720; Compare with Base shows the new column', async () => {
    const config = await openExample();
    assert.ok(await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config), 'the run started');
    await waitForPhase('complete');
    assert.equal(vscode.window.tabGroups.all.length, 2, 'the panel opens beside the file');
    const measured = [];
    for (const size of SIZES) {
      await setWindowSize(size.width, size.height);
      const figures = await fit();
      console.log(`experiment panel at ${size.width}×${size.height}: ${JSON.stringify(figures)}`);
      await screenshot(`panel-fit ${size.width}x${size.height}`);
      measured.push({ size, figures });
    }
    for (const { size, figures } of measured) assertFits(size, figures);
    await detailOpensAndCloses(SIZES[SIZES.length - 1]);
    await moreActionsByKeyboard(config);

    const data = await workspaceFile('fit/training.jsonl', '{"input": "Greet Ada", "output": "Hello Ada"}\n{"input": "Greet Alan", "output": "Hello Alan"}\n');
    const hash = await trainOnFile(data);
    // The job panel and the first run's panel closed, the file open again: the comparison opens beside it as the run did.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(EXPERIMENT_PANEL, 'main')) === undefined, { timeoutMs: 10_000, what: "the first run's panel to close" });
    await vscode.window.showTextDocument(config, { viewColumn: vscode.ViewColumn.One });
    assert.ok(await vscode.commands.executeCommand<string>('scalarlm.compareWithBase', config, hash, 'tuned'), 'the comparison run started');
    await waitForPhase('complete');
    await waitFor(() => webviewEval<boolean>(EXPERIMENT_PANEL, `document.querySelector('.comparison-bar')?.hidden === false`), { timeoutMs: 30_000, what: 'the comparison bar' });
    // The adaptor's column compared is the first of the adaptor's (as the host picks it).
    const adaptor = await webviewEval<number>(EXPERIMENT_PANEL, `Number([...document.querySelectorAll('.column-head')].find((h) => h.title.includes('tuned')).dataset.column)`);
    for (const size of SIZES) {
      await setWindowSize(size.width, size.height);
      await fit();
      const column = await waitFor(async () => {
        const now = await columnShown(adaptor);
        return now.shown >= now.width - 1 && now;
      }, { timeoutMs: 10_000, what: `the adaptor's column ${adaptor} wholly in view at ${size.width}×${size.height} (${JSON.stringify(await columnShown(adaptor))})` });
      const figures = await fit();
      console.log(`compared column at ${size.width}×${size.height}: ${JSON.stringify(column)}, panel ${JSON.stringify(figures)}`);
      await screenshot(`panel-fit compared ${size.width}x${size.height}`);
      assertFits(size, figures, true);
    }
  });
});
