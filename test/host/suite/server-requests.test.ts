// The Server Requests view over list_requests and request/{id}, as a person sees it in the workbench:
// rows newest first, "Load more…", a request opened as a JSON document, and the messages shown instead of rows.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, screenshot, workbenchClick, workbenchText } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

// A custom tree view's list carries the view's name as its aria-label; the list virtualises its rows, and
// each rendered row says where it is (aria-posinset, from 1) and how many there are (aria-setsize).
const TREE = '.monaco-list[aria-label="Server Requests"]';
const row = (position: number): string => `${TREE} .monaco-list-row[aria-posinset="${position}"]`;
const rowsInAll = (count: number): string => `${TREE} .monaco-list-row[aria-setsize="${count}"]`;
// TreeView.message sits beside the list in the same pane; it is emptied and hidden when unset.
const MESSAGE = `.tree-explorer-viewlet-tree-view:has(${TREE}) > .message:not(.hide)`;
const MODEL = 'tiny-random/gemma-4-dense';
const WAIT_MS = 20_000;

describe('server requests view', () => {
  const sims: SimulatorProcess[] = [];

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await Promise.all(sims.splice(0).map((sim) => sim.stop()));
  });

  /** A fresh simulator holding what `storeFirst` submits to it. */
  async function simulator(flags: string[], storeFirst: (url: string) => Promise<unknown> = async () => undefined): Promise<SimulatorProcess> {
    const sim = await startSimulatorProcess(['--zero-latency', ...flags]);
    sims.push(sim);
    await storeFirst(sim.url);
    return sim;
  }

  /** A fresh simulator, made the deployment, with the view showing. */
  async function showViewOn(flags: string[], storeFirst?: (url: string) => Promise<unknown>): Promise<SimulatorProcess> {
    const sim = await simulator(flags, storeFirst);
    await setSettings({ baseUrl: sim.url });
    await vscode.commands.executeCommand('scalarlm.serverRequests.focus');
    return sim;
  }

  it('lists stored requests newest first with prompt count, status and model, and refreshes', async () => {
    const { url } = await showViewOn([], async (url) => {
      await submit(url, ['alpha first\nsecond line']);
      await submit(url, ['beta', 'b2']);
      await submit(url, ['gamma', 'g2', 'g3']);
    });
    const newest = await waitForText(row(1), /gamma/, 'the newest request first');
    assert.match(newest, new RegExp(`3 prompts · completed · ${MODEL} · (just now|\\d+ s ago)`));
    assert.match((await workbenchText(row(2))) ?? '', /beta[\s\S]*2 prompts · completed/);
    // A multi-line prompt reads as one line.
    assert.match((await workbenchText(row(3))) ?? '', /alpha first second line[\s\S]*1 prompt · completed/);
    await waitForGone(MESSAGE, 'no message above the rows');

    await submit(url, ['delta']);
    await vscode.commands.executeCommand('scalarlm.serverRequests.refresh');
    await waitForText(row(1), /delta/, 'the new request at the top after a refresh');
    await waitForText(row(4), /alpha/, 'the oldest request last');
    await screenshot('server-requests');
  });

  it('shows a batch of this window once it ended, completed, without a refresh (issue 17 item 15)', async () => {
    await showViewOn(['--tokens-per-second', '40', '--slots', '1']);
    await setSettings({ maxTokens: 16, 'batch.groupSize': 4, 'batch.confirmAbove': 1000 });
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const prompts = vscode.Uri.joinPath(folder, 'server-requests', 'ended.jsonl');
    await vscode.workspace.fs.writeFile(prompts, Buffer.from(['"ended one"', '"ended two"', '"ended three"', '"ended four"'].join('\n') + '\n'));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', prompts);
    // Whatever the view read while the run went, once it ended the row says completed, no spinner.
    const ended = await waitForText(row(1), /ended one[\s\S]*4 prompts · completed/, 'the batch completed in the view');
    assert.doesNotMatch(ended, /in progress/);
    assert.equal(await workbenchText(`${row(1)} .codicon-sync`), undefined, 'no spinner on a completed request');
  });

  it('appends the next page when "Load more…" is clicked', async () => {
    await showViewOn([], async (url) => {
      for (let i = 0; i < 55; i++) await submit(url, [`[tiny ${i}]`]);
    });
    await waitForText(row(1), /\[tiny 54\]/, 'the newest request first');
    // 50 rows and "Load more…".
    await waitForText(rowsInAll(51), /./, 'a first page of 50 rows and the "Load more…" item');
    await vscode.commands.executeCommand('scalarlm.serverRequests.focus');
    await pressKey('End');
    await waitForText(row(51), /Load more…/, 'the "Load more…" item last');
    await workbenchClick(row(51));

    await waitForText(rowsInAll(55), /./, 'all 55 rows, and no "Load more…"');
    await pressKey('End');
    await waitForText(row(55), /\[tiny 0\]/, 'the oldest request last');
    await waitForText(row(51), /\[tiny 4\]/, 'the second page after the first');
  });

  it('opens a request as a read-only JSON document titled with its short id', async () => {
    const ids: string[] = [];
    await showViewOn([], async (url) => {
      ids.push(await submit(url, ['first request']));
      ids.push(await submit(url, ['second request', 'another prompt']));
    });
    await waitForText(row(1), /second request/, 'the newest request first');
    await workbenchClick(row(1));

    const editor = await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'scalarlm-request' && vscode.window.activeTextEditor, {
      timeoutMs: WAIT_MS,
      what: 'the request document to open',
    });
    const detail = JSON.parse(editor.document.getText()) as { request_id: string; request: unknown[] };
    assert.equal(detail.request_id, ids[1]);
    assert.equal(detail.request.length, 2);
    assert.equal(editor.document.languageId, 'json');
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `${ids[1].slice(0, 12)}.json`);

    // The same document by command, for a request that is not on screen.
    await vscode.commands.executeCommand('scalarlm.serverRequests.open', ids[0]);
    await waitFor(() => vscode.window.activeTextEditor?.document.getText().includes('first request'), { timeoutMs: WAIT_MS, what: 'the older request to open' });
  });

  it('shows an error, and opens nothing, for a request the deployment does not have', async () => {
    await showViewOn([]);
    await vscode.commands.executeCommand('scalarlm.serverRequests.open', 'f'.repeat(64));
    await waitForText('.notifications-toasts', /has no stored request f{64}/, 'the error notification');
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme === 'scalarlm-request', false);
  });

  it("shows a failing deployment's error instead of rows, and recovers on refresh", async () => {
    const sim = await showViewOn([], (url) => submit(url, ['still here']));
    await waitForText(row(1), /still here/, 'the stored request');
    await sim.addFaults([{ kind: 'status', route: '/v1/generate/list_requests', arg: '500', times: 1 }]);
    await vscode.commands.executeCommand('scalarlm.serverRequests.refresh');
    await waitForText(MESSAGE, /GET \/v1\/generate\/list_requests\S* \(HTTP 500/, 'the error in the view');
    await waitForGone(row(1), 'the rows to go');

    await vscode.commands.executeCommand('scalarlm.serverRequests.refresh');
    await waitForText(row(1), /still here/, 'the stored request again');
    await waitForGone(MESSAGE, 'the error to go');
  });

  it('loads nothing while hidden, and the new deployment once shown again', async () => {
    await showViewOn([]);
    await waitForText(MESSAGE, /No requests stored yet/, 'the first deployment, empty');
    await vscode.commands.executeCommand('workbench.view.explorer');
    const next = await simulator([], (url) => submit(url, ['on the next deployment']));
    await setSettings({ baseUrl: next.url });
    // The queue monitor polling the new deployment shows the change has reached every listener.
    await waitFor(async () => ((await next.stats()).requests['GET /v1/generate/metrics'] ?? 0) > 0, { timeoutMs: WAIT_MS, what: 'the new deployment in use' });
    assert.equal((await next.stats()).requests['GET /v1/generate/list_requests'], undefined);

    await vscode.commands.executeCommand('scalarlm.serverRequests.focus');
    await waitForText(row(1), /on the next deployment/, 'the new deployment\'s request');
  });

  it('says when nothing is stored yet', async () => {
    await showViewOn([]);
    await waitForText(MESSAGE, /^No requests stored yet\.$/, 'the empty message');
  });

  it('says the deployment is older instead of showing an error', async () => {
    await showViewOn(['--profile', 'legacy'], (url) => submit(url, ['on an old server']));
    await waitForText(MESSAGE, /older and has no request browser/, 'the older-server message');
    await waitForGone(row(1), 'no rows');
  });

  it('says where to start the simulator or select a deployment, instead of a message, when no deployment is set', async () => {
    await showViewOn([]);
    await setSettings({ baseUrl: '' });
    // The buttons are in the Runs view, once (issue 17, smaller): this view says so.
    const welcome = await waitForText('.pane:has(.pane-header:has-text("Server Requests")) .welcome-view-content', /in the Runs view above/, 'the view\'s welcome');
    assert.doesNotMatch(welcome, /Start Local Simulator|Select Deployment URL/);
    await waitForGone(MESSAGE, 'the message, which would hide the welcome');
  });
});

/** POST /v1/generate straight to the simulator; returns the group id of the batch. */
async function submit(url: string, prompts: string[]): Promise<string> {
  const response = await fetch(`${url}/v1/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompts, max_tokens: 4 }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const { results } = (await response.json()) as { results: { request_id: string | number }[] };
  return String(results[0].request_id).split('_')[0];
}

/** The tree and its message are updated one after the other: an absence is awaited too. */
async function waitForGone(selector: string, what: string): Promise<void> {
  await waitFor(async () => (await workbenchText(selector)) === undefined, { timeoutMs: WAIT_MS, what: `${what} (${selector})` });
}

/** Waits until the first element matching `selector` shows text matching `pattern`; returns that text. */
async function waitForText(selector: string, pattern: RegExp, what: string): Promise<string> {
  let last: string | undefined;
  try {
    return await waitFor(
      async () => {
        last = await workbenchText(selector);
        return last !== undefined && pattern.test(last) && last;
      },
      { timeoutMs: WAIT_MS, what },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} Last seen at ${selector}: ${JSON.stringify(last)}`);
  }
}
