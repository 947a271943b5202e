// Evidence in the experiment panel, as a user reads it (issue 24): each column's pass rate with its count and
// 95% interval; Compare columns…, Compare with… and Compare with Base give the paired test's verdict with the rows
// better and worse and p, and flag a column that answers like its base; with repeats each row shows each
// column's passes of k and marks the flaky ones, which a filter keeps (still on when the page comes back);
// Set as Baseline makes every other run of the experiment show each row's change against it, the counts, a
// Regressed filter, or why the baseline cannot be compared; Clear Baseline undoes it, the Runs view's menu
// sets one too, and Save Baseline File… writes the file `scalarlm-lab bless` writes, beside the experiment.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot, webviewClick, webviewEval, webviewQuery, workbenchText } from './helpers/page';
import { pressInQuickInput } from './helpers/quick-input';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

const PANEL = EXPERIMENT_PANEL;
const WAIT_MS = 15_000;
// sha256("test"): an adaptor the simulator serves with its example jobs.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

async function figures(column: number): Promise<string> {
  return webviewEval<string>(PANEL, `document.querySelector('.column-head[data-column="${column}"] .column-figures')?.textContent ?? ''`);
}

/** The visible text of a bar of the panel (`comparison` or `baseline`); undefined while it is hidden. */
async function bar(which: 'comparison' | 'baseline'): Promise<string | undefined> {
  return (await webviewQuery(PANEL, `.${which}-bar:not([hidden])`))?.texts[0];
}

async function shownRows(): Promise<string[]> {
  return webviewEval<string[]>(PANEL, `[...document.querySelectorAll('.matrix-row[data-row]')].map((r) => r.dataset.row).sort()`);
}

/** The baseline marks in the grid, by "row,column". */
async function baselineMarks(): Promise<Record<string, string>> {
  return webviewEval(PANEL, `Object.fromEntries([...document.querySelectorAll('.cell .baseline-mark:not([hidden])')].map((m) => [m.closest('.cell').dataset.row + ',' + m.closest('.cell').dataset.column, m.dataset.change]))`);
}

async function button(action: string): Promise<{ label: string; enabled: boolean } | undefined> {
  return webviewEval(PANEL, `(() => { const b = document.querySelector('#actions button[data-action="${action}"]'); return b ? { label: b.textContent, enabled: !b.disabled } : undefined; })()`);
}

/** Rows of a prompt answering `{{ <answer> }}`; each row asserts the answer contains "yes". */
async function experiment(name: string, prompts: string[], rows: Record<string, string>[]): Promise<vscode.Uri> {
  for (const prompt of prompts) await workspaceFile(`evidence/${name}/${prompt}.txt`, `${prompt} on {{ topic }}. ${respond(`{{ ${prompt} }}`)}`);
  const tests = rows.map((vars, i) => `  - vars: {topic: t${i}, ${Object.entries(vars).map(([k, v]) => `${k}: "${v}"`).join(', ')}}\n`).join('');
  return workspaceFile(
    `evidence/${name}/promptfooconfig.yaml`,
    `description: Evidence ${name}\nprompts:\n${prompts.map((p) => `  - file://${p}.txt\n`).join('')}providers:\n  - id: scalarlm:base\n    label: base\ndefaultTest:\n  assert:\n    - type: icontains\n      value: yes\ntests:\n${tests}`,
  );
}

async function closePanels(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor(async () => (await webviewQuery(PANEL, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the panel to close' });
}

describe('experiment evidence: intervals, the paired test, repeats and the baseline', () => {
  useExperimentSimulator({ exampleJobs: true });

  it('shows each pass rate with its 95% interval, and Compare columns… gives the paired test: better beyond noise, with the rows and p', async () => {
    const rows = Array.from({ length: 6 }, () => ({ long: 'no', short: 'yes' }));
    const config = await experiment('columns', ['long', 'short'], rows);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await waitFor(async () => (await figures(1)).startsWith('pass 6/6'), { timeoutMs: WAIT_MS, what: `the verdicts (now "${await figures(1)}")` });
    assert.match(await figures(0), /^pass 0\/6 \(0%, 0-39%\)/, 'the count, the rate and its Wilson interval');
    assert.match(await figures(1), /^pass 6\/6 \(100%, 61-100%\)/);

    await clickAction(PANEL, 'compareColumns');
    await waitFor(async () => /the baseline column/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: WAIT_MS, what: 'the baseline column pick' });
    await pressInQuickInput('Enter');
    const shown = await waitFor(() => bar('comparison'), { timeoutMs: WAIT_MS, what: 'the comparison bar' });
    assert.match(shown, /Paired test: better beyond noise \(p = 0\.031, exact McNemar over 6 rows\); better on 6 rows, worse on 0/);
    assert.equal(await webviewEval(PANEL, `document.querySelector('.comparison-paired').dataset.outcome`), 'better');
    assert.doesNotMatch(shown, /Answers like its base/, 'the columns answer differently');
    await screenshot('experiment-evidence paired test');
  });

  it('Compare with… another run gives the paired test: no difference this data can show, and about how many rows would', async () => {
    const rows = [{ first: 'yes', second: 'yes' }, { first: 'yes', second: 'no' }, { first: 'yes', second: 'yes' }, { first: 'yes', second: 'yes' }];
    const config = await experiment('runs', ['first'], rows);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await closePanels();
    // The same rows, another prompt: the second answers.
    await workspaceFile('evidence/runs/first.txt', `first on {{ topic }}. ${respond('{{ second }}')}`);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await clickAction(PANEL, 'compareWith');
    await waitFor(async () => /Earlier runs of this experiment/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: WAIT_MS, what: 'the Compare with… pick' });
    await pressInQuickInput('Enter');
    const shown = await waitFor(async () => ((await bar('comparison')) ?? '').includes('Paired test') && bar('comparison'), { timeoutMs: WAIT_MS, what: 'the paired test in the bar' });
    assert.match(shown, /Paired test: no difference this data can show \(4 rows; about 22 would be needed to see a change of this size; p = 1\.00\); better on 0 rows, worse on 1/);
    assert.match(shown, /1 newly failing/);
  });

  it('Compare with Base flags an adaptor that answers like its base on every row, beside the paired test', async () => {
    const config = await experiment('alike', ['ask'], [{ ask: 'yes' }, { ask: 'no' }, { ask: 'yes' }]);
    const runId = await vscode.commands.executeCommand<string>('scalarlm.compareWithBase', config, ADAPTOR, 'tuned');
    assert.ok(runId, 'the run started');
    await waitForPhase('complete');
    const shown = await waitFor(async () => ((await bar('comparison')) ?? '').includes('Answers like') && bar('comparison'), { timeoutMs: WAIT_MS, what: 'the same-answers flag' });
    assert.match(shown, /^Column "tuned" against the baseline column "base"/);
    assert.match(shown, /Answers like its base on 3\/3 rows/);
    assert.match(shown, /Paired test: no difference this data can show \(3 rows, none judged differently\)/);
  });

  it("with repeats shows each column's passes of k per row, marks the flaky rows, and keeps the Flaky filter when the page comes back", async () => {
    // Sampled answers start with a random word: "^[A-M]" passes about half of them. Two rows are scripted, so
    // they always pass or always fail; six rows sampled 4 times each are all steady only once in 150,000 runs.
    await workspaceFile('evidence/repeats/ask.txt', 'Say a word on {{ topic }}. {{ marker }}');
    const rows = ['[[sim:respond=Always]]', '[[sim:respond=Zero]]', '', '', '', '', '', ''].map((marker, i) => `  - vars: {topic: t${i}, marker: "${marker}"}\n`).join('');
    const config = await workspaceFile(
      'evidence/repeats/promptfooconfig.yaml',
      `prompts:\n  - file://ask.txt\nproviders:\n  - id: scalarlm:base\n    config: {temperature: 1}\nevaluateOptions:\n  repeat: 4\ndefaultTest:\n  assert:\n    - type: regex\n      value: "^[A-M]"\ntests:\n${rows}`,
    );
    const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
    await waitForPhase('complete', 60_000);
    type Shown = { row: string; count: string; flaky: boolean };
    const read = () => webviewEval<Shown[]>(PANEL, `[...document.querySelectorAll('.cell[data-column="0"]')].map((c) => ({ row: c.dataset.row, count: c.querySelector('.samples-count').textContent, flaky: !c.querySelector('.flaky-mark').hidden }))`);
    const cells = await waitFor(async () => {
      const all = await read();
      return all.length === 8 && all.every((cell) => /^\d\/4 pass$/.test(cell.count)) && all;
    }, { timeoutMs: WAIT_MS, what: "every row's passes of 4" });
    const byRow = new Map(cells.map((cell) => [cell.row, cell]));
    assert.deepEqual(byRow.get('0'), { row: '0', count: '4/4 pass', flaky: false });
    assert.deepEqual(byRow.get('1'), { row: '1', count: '0/4 pass', flaky: false });
    for (const cell of cells) assert.equal(cell.flaky, !/^[04]\//.test(cell.count), `flaky exactly when some samples pass and some fail: ${JSON.stringify(cell)}`);
    const flaky = cells.filter((cell) => cell.flaky).map((cell) => cell.row).sort();
    assert.ok(flaky.length > 0, 'some sampled row flips between samples');
    assert.match(await webviewEval<string>(PANEL, `document.querySelector('.cell.flaky').getAttribute('aria-label')`), /^\d\/4 samples passed, flaky; Repeat 1: /);
    await screenshot('experiment-evidence repeats');

    await webviewClick(PANEL, '.mark-filter button[data-filter="flaky"]');
    await waitFor(async () => JSON.stringify(await shownRows()) === JSON.stringify(flaky), { timeoutMs: WAIT_MS, what: `the flaky rows only (${flaky.join(', ')})` });

    // The page goes away while another editor is in front, and comes back with the filter on.
    const group = vscode.window.tabGroups.all.find((candidate) => candidate.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(config), { viewColumn: group?.viewColumn, preview: false });
    await waitFor(async () => (await webviewQuery(PANEL, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the page to go while hidden' });
    await vscode.commands.executeCommand('scalarlm.runs.open', runId);
    await waitFor(async () => (await webviewQuery(PANEL, '.mark-filter button[data-filter="flaky"][aria-pressed="true"]'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the Flaky filter, still on' });
    await waitFor(async () => JSON.stringify(await shownRows()) === JSON.stringify(flaky), { timeoutMs: WAIT_MS, what: 'the flaky rows only, again' });
  });

  it('Set as Baseline: another run shows each row against it with the counts and a Regressed filter; other rows say why not; Clear Baseline undoes it', async () => {
    const rows = [{ first: 'yes', second: 'yes' }, { first: 'yes', second: 'no' }, { first: 'no', second: 'yes' }, { first: 'yes', second: 'yes sir' }];
    const config = await experiment('baseline', ['first'], rows);
    const baselineRun = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await waitFor(async () => (await button('setBaseline'))?.enabled, { timeoutMs: WAIT_MS, what: 'Set as Baseline' });
    await clickAction(PANEL, 'setBaseline');
    const own = await waitFor(() => bar('baseline'), { timeoutMs: WAIT_MS, what: 'the baseline bar' });
    assert.match(own, /^This run is the baseline of evidence\/baseline\/promptfooconfig\.yaml/);
    assert.deepEqual(await button('setBaseline'), { label: 'This run is the baseline', enabled: false });
    await closePanels();

    // The same rows, the prompt changed: row 1 now fails, row 2 now passes.
    await workspaceFile('evidence/baseline/first.txt', `first on {{ topic }}. ${respond('{{ second }}')}`);
    const tried = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    const against = await waitFor(async () => ((await bar('baseline')) ?? '').includes('1 regressed') && bar('baseline'), { timeoutMs: WAIT_MS, what: 'the run against its baseline' });
    assert.ok(against.startsWith(`Against the baseline ${baselineRun.slice(0, 8)} (Evidence baseline, `), against);
    for (const count of ['1 regressed', '1 newly passing', '2 unchanged']) assert.ok(against.includes(count), `"${count}" in the bar: ${against}`);
    assert.match(against, /Paired test: no difference this data can show \(4 rows; as many go one way as the other; p = 1\.00\); better on 1 row, worse on 1/);
    assert.deepEqual(await baselineMarks(), { '1,0': 'regressed', '2,0': 'improved' });
    assert.equal(await webviewEval(PANEL, `document.querySelector('.cell[data-row="1"] .baseline-mark').textContent`), 'regressed');
    assert.equal(await webviewEval(PANEL, `document.querySelector('.cell[data-row="2"] .baseline-mark').textContent`), 'newly passing');
    await screenshot('experiment-evidence baseline');

    await webviewClick(PANEL, '.mark-filter button[data-filter="regressed"]');
    await waitFor(async () => JSON.stringify(await shownRows()) === '["1"]', { timeoutMs: WAIT_MS, what: 'the regressed row only' });

    // Clear Baseline: the bar, the marks and the filter go; every row shows again.
    await clickAction(PANEL, 'clearBaseline');
    await waitFor(async () => (await bar('baseline')) === undefined && (await shownRows()).length === 4, { timeoutMs: WAIT_MS, what: 'the baseline to be cleared and every row to show' });
    assert.deepEqual(await baselineMarks(), {});
    assert.equal((await webviewQuery(PANEL, '.mark-filter button[data-filter="regressed"]:not([hidden])'))?.count, 0, 'no Regressed filter without a baseline');

    // The Runs view's menu sets a run as the baseline too (its node is the argument).
    await vscode.commands.executeCommand('scalarlm.setBaseline', { run: { runId: tried } });
    await waitFor(async () => /^This run is the baseline/.test((await bar('baseline')) ?? ''), { timeoutMs: WAIT_MS, what: 'this run as the baseline' });
    await closePanels();

    // A run with a row the baseline does not have: nothing is marked, and the panel says why.
    await experiment('baseline', ['first'], [...rows, { first: 'yes', second: 'yes' }]);
    await workspaceFile('evidence/baseline/first.txt', `first on {{ topic }}. ${respond('{{ second }}')}`);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    const why = await waitFor(async () => ((await bar('baseline')) ?? '').includes('cannot be compared') && bar('baseline'), { timeoutMs: WAIT_MS, what: 'why the baseline cannot be compared' });
    assert.match(why, new RegExp(`^The baseline ${tried.slice(0, 8)} \\(Evidence baseline, .*\\) cannot be compared with this run:`));
    assert.match(why, /1 row of this run is not in the baseline: "topic=t4, first=yes, second=yes"\./);
    await screenshot('experiment-evidence incomparable');
    assert.deepEqual(await baselineMarks(), {});
  });

  it('Save Baseline File… writes the run as a baseline file beside the experiment file', async () => {
    const config = await experiment('bless', ['ask'], [{ ask: 'yes' }, { ask: 'no' }]);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await clickAction(PANEL, 'saveBaselineFile');
    // The save dialog (a quick input here) proposes the file beside the experiment: take it (the file below is where).
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('Save the baseline of 2 rows'), { timeoutMs: WAIT_MS, what: 'the save dialog' });
    await pressInQuickInput('Enter');
    await waitFor(() => workbenchText('.notification-toast:has-text("Saved the baseline of 2 rows")'), { timeoutMs: WAIT_MS, what: 'the saved notice' });
    const file = vscode.Uri.joinPath(config, '..', 'promptfooconfig.baseline.json');
    const saved = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8')) as { format: string; experiment: string; rows: { label: string; cells: { verdict: string }[] }[] };
    assert.equal(saved.format, 'scalarlm-lab-baseline');
    assert.equal(saved.experiment, 'Evidence bless');
    assert.deepEqual(saved.rows.map((row) => [row.label, row.cells[0].verdict]).sort(), [['topic=t0, ask=yes', 'pass'], ['topic=t1, ask=no', 'fail']]);
  });
});
