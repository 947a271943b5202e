// The results list fills its panel (issue 26 item 16): opened from its prompts file, beside the editor in a column
// of its own, the list takes the panel's height at 1400×900 and 1280×720 (no empty "Select an item" pane under it);
// selecting an item opens its detail, and closing it (Escape in the list, or the detail's Close button) gives the
// height back, the keyboard in the list again.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, screenshot, setWindowSize, webviewClick, webviewEval, webviewQuery } from './helpers/page';
import { clickAction } from './helpers/panel-actions';
import { RESULTS, waitForPhase } from './helpers/results';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const ITEMS = 10;
/** The runner's own window size, given back after each test. */
const RUNNER_WINDOW = { width: 1280, height: 800 };

interface ListFit {
  panel: number;
  listTop: number;
  listBottom: number;
  rowHeight: number;
  /** Rows wholly inside the list's box. */
  rowsInView: number;
  /** The detail pane's height, 0 when it is closed. */
  detail: number;
  /** What has the keyboard: the element's id. */
  focused: string;
}

const MEASURE = `(() => {
  const list = document.querySelector('.list').getBoundingClientRect();
  const rows = [...document.querySelectorAll('.row[data-index]')].map((r) => r.getBoundingClientRect());
  const detail = document.querySelector('.detail');
  return { panel: window.innerHeight, listTop: Math.round(list.top), listBottom: Math.round(list.bottom), rowHeight: Math.round(rows[0]?.height ?? 0),
    rowsInView: rows.filter((r) => r.top >= list.top - 2 && r.bottom <= list.bottom + 2).length,
    detail: detail.hidden ? 0 : Math.round(detail.getBoundingClientRect().height), focused: document.activeElement?.id ?? '' };
})()`;

/** The figures once a resize or a click has reached the webview: the same twice in a row. */
async function listFit(): Promise<ListFit> {
  let last: string | undefined;
  return waitFor(async () => {
    const now = await webviewEval<ListFit>(RESULTS, MEASURE);
    const settled = JSON.stringify(now) === last;
    last = JSON.stringify(now);
    return settled && now;
  }, { timeoutMs: 10_000, what: 'the results panel to settle' });
}

/** The list reaches the panel's bottom and shows every row that fits there (all of them when they fit). */
function assertListFills(where: string, figures: ListFit): void {
  const fit = Math.min(ITEMS, Math.floor((figures.panel - figures.listTop) / figures.rowHeight));
  assert.equal(figures.detail, 0, `no detail pane with nothing selected ${where}: ${JSON.stringify(figures)}`);
  assert.ok(figures.listBottom >= figures.panel - 2, `the list ends at ${figures.listBottom}px of a ${figures.panel}px panel ${where}: ${JSON.stringify(figures)}`);
  assert.ok(figures.rowsInView >= fit, `${figures.rowsInView} rows in view where ${fit} fit ${where}: ${JSON.stringify(figures)}`);
}

describe('the results list fits a laptop window', () => {
  useSuiteSimulator({ args: ['--zero-latency'], settings: { maxTokens: 8, 'batch.confirmAbove': 1000 }, panel: { contains: RESULTS, name: 'results panel' } });
  afterEach(() => setWindowSize(RUNNER_WINDOW.width, RUNNER_WINDOW.height));

  it('beside its file, the list takes the height at 1400×900 and 1280×720; selecting opens the detail, Escape and Close give the height back', async () => {
    const prompts = await workspaceFile('fit/ten.jsonl', Array.from({ length: ITEMS }, (_, i) => JSON.stringify(`prompt ${i}`)).join('\n') + '\n');
    await vscode.window.showTextDocument(prompts, { viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('scalarlm.generateFromFile', prompts);
    await waitForPhase('complete');
    assert.equal(vscode.window.tabGroups.all.length, 2, 'the panel opens beside the file');
    const measured = [];
    for (const [width, height] of [
      [1400, 900],
      [1280, 720],
    ]) {
      await setWindowSize(width, height);
      const figures = await listFit();
      console.log(`results list at ${width}×${height}: ${JSON.stringify(figures)}`);
      await screenshot(`results-fit ${width}x${height}`);
      measured.push({ where: `at ${width}×${height}`, figures });
    }
    for (const { where, figures } of measured) assertListFills(where, figures);
    // The run is over, so no action of the row applies: … is first in the line, and its menu opens inside the page.
    const runId = await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.runId`);
    await clickAction(RESULTS, 'openLedger');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath.includes(runId), { timeoutMs: 10_000, what: "Open ledger from the … menu to open the run's ledger" });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await waitFor(async () => (await webviewQuery(RESULTS, `main[data-run-id="${runId}"]`))?.count, { timeoutMs: 10_000, what: 'the results panel in front again' });

    // At 1280×720: a click opens the item's detail, Escape in the list closes it.
    await webviewClick(RESULTS, '.row[data-index="2"]');
    const open = await waitFor(async () => {
      const now = await listFit();
      return now.detail > 0 && now;
    }, { timeoutMs: 10_000, what: 'the detail to open on a click' });
    await screenshot('results-fit detail open');
    assert.ok(open.rowsInView >= 2, `the list keeps rows in view beside the open detail: ${JSON.stringify(open)}`);
    await pressKey('Escape');
    const closed = await waitFor(async () => {
      const now = await listFit();
      return now.detail === 0 && now;
    }, { timeoutMs: 10_000, what: 'Escape in the list to close the detail' });
    assertListFills('after Escape', closed);
    assert.equal(closed.focused, 'list', 'the keyboard stays in the list');

    // The arrow keys select (and so open) again; the detail's Close button closes it and gives the keyboard back to the list.
    await pressKey('ArrowDown');
    await waitFor(async () => (await listFit()).detail > 0, { timeoutMs: 10_000, what: 'Arrow Down to select an item and open its detail' });
    await webviewClick(RESULTS, '.detail-close');
    const closedByButton = await waitFor(async () => {
      const now = await listFit();
      return now.detail === 0 && now;
    }, { timeoutMs: 10_000, what: 'Close to close the detail' });
    assertListFills('after Close', closedByButton);
    assert.equal(closedByButton.focused, 'list', 'the keyboard back in the list');
  });
});
