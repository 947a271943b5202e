// The experiment matrix and the results list fill their panel's height and follow its size (issue 17 item 6):
// at 1400×900, at 1280×720, and with the Problems panel taking part of the window, the rows go down to the
// bottom of the panel (or to the detail pane under them) instead of a short box with empty space below.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, waitForPhase as waitForExperiment } from './helpers/experiment-panel';
import { screenshot, setWindowSize, webviewEval } from './helpers/page';
import { RESULTS, waitForPhase as waitForResults } from './helpers/results';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const ROWS = 40;
/** The least share of the panel (less a detail pane under the list) the list takes, the header and search above it. */
const MIN_SHARE = 0.45;
/** The runner's own window size, given back after each test. */
const RUNNER_WINDOW = { width: 1280, height: 800 };

interface Layout {
  /** The panel's height: the webview's window. */
  panel: number;
  /** The list's (or matrix's) box. */
  top: number;
  bottom: number;
  /** What lies under the list inside the panel (the stacked detail pane), 0 when it is beside it. */
  below: number;
  /** Rows wholly inside the list's box. */
  rowsInView: number;
}

/** Measures the list as laid out, once its height has settled after a resize. */
async function layout(contains: string, list: string, row: string): Promise<Layout> {
  const measure = `(() => {
    const list = document.querySelector(${JSON.stringify(list)}).getBoundingClientRect();
    const detail = document.querySelector('.detail').getBoundingClientRect();
    const head = document.querySelector('.matrix-head')?.getBoundingClientRect().height ?? 0;
    const rows = [...document.querySelectorAll(${JSON.stringify(row)})].map((r) => r.getBoundingClientRect())
      .filter((r) => r.top >= list.top + head - 2 && r.bottom <= list.bottom + 2).length;
    return { panel: window.innerHeight, top: list.top, bottom: list.bottom, below: detail.top >= list.bottom - 1 ? window.innerHeight - detail.top : 0, rowsInView: rows };
  })()`;
  let last: Layout | undefined;
  // A resize reaches the webview a frame or two later: the same figures twice in a row are the settled ones.
  return waitFor(async () => {
    const now = await webviewEval<Layout>(contains, measure);
    const settled = last !== undefined && JSON.stringify(now) === JSON.stringify(last);
    last = now;
    return settled && now;
  }, { timeoutMs: 10_000, what: `the ${list} to settle` });
}

/** The list reaches the bottom of the panel, or the detail under it, and shows as many rows as fit there. */
function assertFills(name: string, figures: Layout, rowHeight: number): void {
  const room = figures.panel - figures.below - figures.top;
  assert.ok(figures.bottom >= figures.panel - figures.below - 2, `${name}: the list ends at ${figures.bottom}px, the panel at ${figures.panel}px (${figures.below}px below it): ${JSON.stringify(figures)}`);
  assert.ok(figures.bottom - figures.top >= MIN_SHARE * (figures.panel - figures.below), `${name}: the list takes ${figures.bottom - figures.top}px of a ${figures.panel}px panel: ${JSON.stringify(figures)}`);
  assert.ok(figures.rowsInView >= Math.floor(room / rowHeight) - 2, `${name}: ${figures.rowsInView} rows in view where ${Math.floor(room / rowHeight)} fit: ${JSON.stringify(figures)}`);
}

async function rowHeight(contains: string, row: string): Promise<number> {
  return webviewEval<number>(contains, `document.querySelector(${JSON.stringify(row)}).getBoundingClientRect().height`);
}

/** Measures at each window size, and with the Problems panel open at the smaller one. */
async function checkSizes(name: string, contains: string, list: string, row: string): Promise<void> {
  const height = await rowHeight(contains, row);
  for (const [width, windowHeight] of [
    [1400, 900],
    [1280, 720],
  ]) {
    await setWindowSize(width, windowHeight);
    const figures = await layout(contains, list, row);
    await screenshot(`panel-height ${name} ${width}x${windowHeight}`);
    assertFills(`${name} at ${width}×${windowHeight}`, figures, height);
  }
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  const withProblems = await layout(contains, list, row);
  await screenshot(`panel-height ${name} 1280x720 problems`);
  assertFills(`${name} at 1280×720 with the Problems panel`, withProblems, height);
  assert.ok(withProblems.rowsInView >= 1, `${name}: a row shows with the Problems panel open: ${JSON.stringify(withProblems)}`);
}

describe('lists fill their panel', () => {
  useSuiteSimulator({ args: ['--zero-latency'], settings: { maxTokens: 8, 'batch.confirmAbove': 1000 }, panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' } });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await setWindowSize(RUNNER_WINDOW.width, RUNNER_WINDOW.height);
  });

  it('the experiment matrix fills the experiment panel at 1400×900, 1280×720 and with the Problems panel open', async () => {
    await workspaceFile('heights/ask.txt', 'Tell {{ name }} a fact.');
    await workspaceFile('heights/rows.csv', 'name\n' + Array.from({ length: ROWS }, (_, i) => `Person ${i}`).join('\n') + '\n');
    const config = await workspaceFile('heights/promptfooconfig.yaml', 'prompts:\n  - file://ask.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForExperiment('complete');
    await checkSizes('experiment matrix', EXPERIMENT_PANEL, '.matrix', '.matrix-row');
  });

  it('the results list fills the results panel at 1400×900, 1280×720 and with the Problems panel open', async () => {
    const prompts = await workspaceFile('heights/prompts.jsonl', Array.from({ length: ROWS }, (_, i) => JSON.stringify(`prompt ${i}`)).join('\n') + '\n');
    await vscode.commands.executeCommand('scalarlm.generateFromFile', prompts);
    await waitForResults('complete');
    await checkSizes('results list', RESULTS, '.list', '.row');
  });
});
