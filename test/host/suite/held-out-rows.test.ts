// Held-out rows in the editor: Export Training Data… offers to keep a fifth of the rows out (the first choice),
// names them, and offers Train Adaptor… on the file; the job panel shows the adaptor's lineage with the split;
// Compare with Base then marks the adaptor's cells seen in training, its column gives the unseen and seen
// pass rates, unseen first, and the comparison judges the held-out row only (the bar says so; the counts, the
// paired test, the change marks and the Changed filter agree) until Judge every row, kept while the page goes
// away and comes back, and Judge held-out rows only takes it back.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { screenshot, webviewClick, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { barSaying, EXPERIMENT_PANEL, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { chooseInQuickInput, pressInQuickInput } from './helpers/quick-input';
import { clickUntil, waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const LIST = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';
const TOAST = '.notifications-toasts';
const WAIT_MS = 30_000;
const ROWS = [
  ['Quux', 'Quuxville'],
  ['Zorb', 'Zorbulon'],
  ['Lint', 'Lintopia'],
  ['Wob', 'Wobbleton'],
  ['Blur', 'Blurport'],
];

async function shown(selector: string): Promise<number> {
  return (await webviewQuery(EXPERIMENT_PANEL, selector))?.count ?? 0;
}

describe('held-out rows: export with a split, train, compare with base', () => {
  useExperimentSimulator();

  it('holds a fifth of the rows out by default, records the split in the lineage, marks the cells the adaptor saw, and compares with the base on the held-out row', async () => {
    const tests = ROWS.flatMap(([land, capital]) => [`  - description: ${land}`, `    vars: {land: ${land}}`, `    assert: [{type: equals, value: ${capital}}]`]);
    const config = await workspaceFile('held-out/promptfooconfig.yaml', ['prompts:', '  - "The capital of {{ land }}?"', 'providers:', '  - id: scalarlm:base', '    label: base', 'tests:', ...tests].join('\n') + '\n');
    const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
    assert.ok(runId, 'the run started');
    await waitForPhase('complete');

    const target = vscode.Uri.joinPath(config, '..', 'data.jsonl');
    const exporting = vscode.commands.executeCommand<vscode.Uri>('scalarlm.exportTrainingData', runId, { target });
    await waitFor(async () => (await workbenchText(LIST))?.includes('Passing answers'), { timeoutMs: WAIT_MS, what: 'the answers quick pick' });
    await chooseInQuickInput('Expected', 'Passing answers');
    const choices = await waitFor(async () => {
      const text = await workbenchText(LIST);
      return text?.includes('Train on all rows') && text;
    }, { timeoutMs: WAIT_MS, what: 'the held-out rows quick pick' });
    assert.ok(choices.indexOf('Hold out 20% of the rows') < choices.indexOf('Train on all rows'), 'holding out a fifth comes first');
    assert.match(choices, /about 1 of 5, never trained on/);
    await pressInQuickInput('Enter');
    assert.equal((await exporting)?.fsPath, target.fsPath);
    assert.equal(readFileSync(target.fsPath, 'utf8').trimEnd().split('\n').length, 4, 'one row of five held out');
    const toast = await waitFor(async () => {
      const text = await workbenchText(TOAST);
      return text?.includes('Held out 1 of 5 rows') && text;
    }, { timeoutMs: WAIT_MS, what: 'the notification naming the held-out row' });
    const held = ROWS.map(([land]) => land).find((land) => toast.includes(`"${land}"`));
    assert.ok(held, `the held-out row is named: ${toast}`);

    // Train Adaptor… from the notification, on the file just written.
    await clickUntil(() => workbenchClick(`${TOAST} .notification-list-item-buttons-container .monaco-button`), async () => (await workbenchText(LIST))?.includes('Start Training'), { timeoutMs: WAIT_MS, what: 'the Train Adaptor form' });
    await pressInQuickInput('Enter');
    const hash = await waitFor(async () => (await webviewQuery('scalarlm-training', '#hash'))?.texts[0], { timeoutMs: WAIT_MS, what: 'the job panel' });
    const lineage = await waitFor(async () => {
      const text = (await webviewQuery(hash, '#lineage'))?.texts[0];
      return text?.includes('Held out') && text;
    }, { timeoutMs: WAIT_MS, what: "the job panel's lineage" });
    assert.match(lineage, new RegExp(`Held out\\s+1 of 5 rows \\(fraction 0\\.2, seed 0\\): "${held}"`));
    assert.match(lineage, new RegExp(`Run\\s+promptfooconfig\\.yaml \\(${runId}\\)`));
    assert.match(lineage, /Deployment\s+http:\/\/127\.0\.0\.1:\d+, version 1\.151/);
    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="COMPLETED"]'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the job to complete' });

    const compared = await vscode.commands.executeCommand<string>('scalarlm.compareWithBase', config, hash, 'tuned');
    assert.ok(compared && compared !== runId, 'a new run');
    await waitForPhase('complete');
    const seen = await waitFor(async () => {
      const marks = await webviewQuery(EXPERIMENT_PANEL, '.seen-mark:not([hidden])');
      return marks?.count === 4 && marks;
    }, { timeoutMs: WAIT_MS, what: 'the seen marks on the four trained rows' });
    assert.ok(seen.texts.every((text) => text === 'seen in training'));
    const figures = await waitFor(async () => {
      const text = await webviewEval<string>(EXPERIMENT_PANEL, `document.querySelector('.column-head[data-column="1"] .column-figures')?.textContent ?? ''`);
      return text.startsWith('unseen') && text;
    }, { timeoutMs: WAIT_MS, what: "the adaptor column's split pass rates" });
    assert.match(figures, /^unseen 0\/1 \(0%, 0-79%\) · seen 4\/4 \(100%, 51-100%\)/);

    // Compare with Base judges the row held out of training: the four it was trained on are left out of every figure.
    const heldOut = await barSaying('held-out row');
    assert.match(heldOut, /^Column "tuned" against the baseline column "base"\s+Judged on the 1 held-out row the adaptor was not trained on \(4 seen in training left out\)/);
    assert.match(heldOut, /0 changed\s+0 newly passing\s+0 newly failing\s+1 same/);
    assert.match(heldOut, /Paired test: no difference this data can show \(1 row, none judged differently\)/);
    assert.match(heldOut, /Answers like its base on 1\/1 rows/, 'on the row it was not trained on, the adaptor learnt nothing the base does not say');
    assert.equal(await shown('.cell .change-mark:not([hidden])'), 0, 'no row left out carries a change mark');
    assert.equal((await webviewQuery(EXPERIMENT_PANEL, '.comparison-bar .judge-rows:not([hidden])'))?.texts[0], 'Judge every row');
    await screenshot('held-out rows compare with base');

    await webviewClick(EXPERIMENT_PANEL, '.comparison-bar .judge-rows');
    const every = await barSaying('Judged on every row');
    assert.match(every, /Judged on every row, 4 of them seen in training: a memorised row passes without showing what was learnt/);
    assert.match(every, /0 changed\s+4 newly passing\s+0 newly failing\s+1 same/);
    assert.match(every, /Paired test: no difference this data can show \(5 rows; about \d+ would be needed to see a change of this size; p = 0\.1\d*\); better on 4 rows, worse on 0/);
    await waitFor(async () => (await shown('.cell .change-mark:not([hidden])')) === 4, { timeoutMs: WAIT_MS, what: 'the change marks of the four trained rows' });
    await webviewClick(EXPERIMENT_PANEL, '.verdict-filter button[data-filter="changed"]');
    await waitFor(async () => (await shown('.matrix-row[data-row]')) === 4, { timeoutMs: WAIT_MS, what: 'the Changed filter to show the four trained rows' });

    // The choice stays with the comparison while the page goes away and comes back.
    const group = vscode.window.tabGroups.all.find((candidate) => candidate.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(config), { viewColumn: group?.viewColumn, preview: false });
    await waitFor(async () => (await webviewQuery(EXPERIMENT_PANEL, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the page to go while hidden' });
    await vscode.commands.executeCommand('scalarlm.runs.open', compared);
    assert.match(await barSaying('4 newly passing'), /Judged on every row, 4 of them seen in training/);
    assert.equal((await webviewQuery(EXPERIMENT_PANEL, '.comparison-bar .judge-rows:not([hidden])'))?.texts[0], 'Judge held-out rows only');

    await webviewClick(EXPERIMENT_PANEL, '.comparison-bar .judge-rows');
    assert.match(await barSaying('held-out row'), /0 newly passing\s+0 newly failing\s+1 same/);
    await waitFor(async () => (await shown('.matrix-row[data-row]')) === 0 && (await shown('.cell .change-mark:not([hidden])')) === 0, { timeoutMs: WAIT_MS, what: 'the Changed filter to show no row: the held-out row is the same' });
  });
});
