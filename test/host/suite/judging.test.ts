// Judging in the editor, as a user sees it: an experiment with assertions shows pass/fail badges with the
// failing assertion's reason and each column's pass rate, grading fills in by itself, rows whose columns
// disagree are marked and "Failing" filters them; a failing javascript assertion names its code and the values
// it read; "Compare with…" an earlier run marks the changed cells (every count in the bar, one Stop comparing)
// and opens a cell's two outputs in the diff editor; "Compare columns…" does the same for two columns of the
// run; an assertion that cannot run is a diagnostic at its line; a hostile grader reason stays inert.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, webviewClick, webviewEval, webviewQuery, workbenchText } from './helpers/page';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { readmeImage } from './helpers/readme-image';
import { clickAction } from './helpers/panel-actions';

const PANEL = EXPERIMENT_PANEL;

/** The verdict badge of a cell (pass, fail, error, pending) and its tooltip; undefined when it shows none. */
async function verdict(row: number, column: number): Promise<{ status: string; title: string } | undefined> {
  return webviewEval(
    PANEL,
    `(() => { const b = document.querySelector('.cell[data-row="${row}"][data-column="${column}"] .verdict:not([hidden])'); return b ? { status: b.dataset.verdict, title: b.title } : undefined; })()`,
  );
}

async function figures(column: number): Promise<string> {
  return webviewEval<string>(PANEL, `document.querySelector('.column-head[data-column="${column}"] .column-figures')?.textContent ?? ''`);
}

/** The comparison bar as shown: its text, the parts of it cut by the panel's width, and the Stop comparing buttons in view. */
async function comparisonBar(): Promise<{ text: string; cut: string[]; stops: number; width: number } | undefined> {
  // Undefined, not a throw, while the page is not on screen (a hidden webview loads again when shown).
  if (!(await webviewQuery(PANEL, '.comparison-bar:not([hidden])'))?.count) return undefined;
  return webviewEval(
    PANEL,
    `(() => {
      const bar = document.querySelector('.comparison-bar:not([hidden])');
      if (!bar) return undefined;
      const right = document.documentElement.clientWidth;
      const cut = [bar, ...bar.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > right + 1).map((e) => e.className + ': ' + e.textContent);
      const stops = [...document.querySelectorAll('button')].filter((b) => b.textContent.trim() === 'Stop comparing' && b.getClientRects().length > 0).length;
      return { text: bar.innerText, cut, stops, width: right };
    })()`,
  );
}

const graderSays = (text: string) => `[[sim:respond-b64=${Buffer.from(text).toString('base64')}]]`;

/** Two prompts answering from the row's vars; each row asserts the answer contains "yes". */
async function experiment(name: string, answers: [string, string][], extraAssert = ''): Promise<vscode.Uri> {
  await workspaceFile(`judge/${name}/long.txt`, `Long on {{ topic }}. ${respond('{{ long }}')}`);
  await workspaceFile(`judge/${name}/short.txt`, `Short on {{ topic }}. ${respond('{{ short }}')}`);
  const rows = answers.map(([long, short], i) => `  - vars: {topic: t${i}, long: ${long}, short: ${short}}\n`).join('');
  return workspaceFile(
    `judge/${name}/promptfooconfig.yaml`,
    `description: Judged ${name}\nprompts:\n  - file://long.txt\n  - file://short.txt\nproviders:\n  - scalarlm:base\ndefaultTest:\n  assert:\n    - type: icontains\n      value: yes\n${extraAssert}tests:\n${rows}`,
  );
}

describe('judging', () => {
  useExperimentSimulator();

  it('shows pass/fail badges with the reason, pass rates per column, disagreeing rows, grading and the Failing filter', async () => {
    const rubric = `    - type: llm-rubric\n      value: 'Says yes ${graderSays('{"pass": true, "score": 0.75, "reason": "It agrees."}')}'\n      weight: 0\n`;
    const config = await experiment('badges', [['yes', 'yes'], ['yes indeed', 'no way'], ['nope', 'no']], rubric);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    // The grading run starts when the cells are in; its verdicts fill in by themselves.
    await waitFor(async () => /Grading: 6 \/ 6/.test((await webviewQuery(PANEL, 'main'))?.texts[0] ?? ''), { timeoutMs: 30_000, what: 'grading to finish' });
    await waitFor(async () => (await verdict(0, 0))?.status === 'pass', { timeoutMs: 10_000, what: 'the first badge' });
    const failed = await verdict(1, 1);
    assert.equal(failed?.status, 'fail');
    assert.match(failed?.title ?? '', /icontains: .*yes/i, 'the tooltip names the failing assertion');
    assert.equal((await verdict(2, 0))?.status, 'fail');
    // Each rate with its count and 95% interval (Wilson's), as every front end writes it.
    await waitFor(async () => (await figures(0)).startsWith('pass 2/3 (67%, 21-94%)'), { timeoutMs: 10_000, what: `column 0's pass rate (now "${await figures(0)}")` });
    assert.ok((await figures(1)).startsWith('pass 1/3 (33%, 6-79%)'), await figures(1));
    assert.deepEqual(await webviewEval(PANEL, `[...document.querySelectorAll('.matrix-row.disagree')].map((r) => r.dataset.row)`), ['1']);

    // The detail lists every assertion, the graded one with the grader's reason.
    await webviewClick(PANEL, '.cell[data-row="1"][data-column="1"]');
    await waitFor(async () => (await webviewQuery(PANEL, '[data-loaded="true"] .assertions li'))?.count === 2, { timeoutMs: 10_000, what: 'the assertions in the detail' });
    assert.match((await webviewQuery(PANEL, '[data-loaded="true"] .assertions'))?.texts[0] ?? '', /llm-rubric[\s\S]*It agrees\./);

    // The cell's request as code: its batch group, as it went out.
    await vscode.env.clipboard.writeText('');
    await webviewClick(PANEL, '[data-loaded="true"] button[data-cell-action="copyAsCurl"]');
    const curl = await waitFor(async () => (await vscode.env.clipboard.readText()) || undefined, { timeoutMs: 10_000, what: 'the request on the clipboard' });
    assert.match(curl, /^curl .*\/v1\/generate/m);
    assert.match(curl, /Short on t1\./);

    // Failing: only the rows with a failing cell.
    await webviewClick(PANEL, '.verdict-filter button[data-verdict="fail"]');
    await waitFor(async () => (await webviewQuery(PANEL, '.matrix-row[data-row]'))?.count === 2, { timeoutMs: 10_000, what: 'the failing rows only' });
    // The grading's progress notification closes a moment after its last verdict reached the panel.
    await waitFor(async () => (await workbenchText('.notification-toast:has-text("Grading of")')) === undefined, { timeoutMs: 10_000, what: 'the grading notification to close' });
    await readmeImage('experiment-verdicts');
  });

  it('compares with an earlier run: changed cells marked, counts in the bar, a cell opened in the diff editor', async () => {
    const config = await experiment('compare', [['yes', 'yes'], ['yes', 'yes']]);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(PANEL, 'main')) === undefined, { timeoutMs: 10_000, what: 'the panel to close' });

    await experiment('compare', [['yes', 'yes'], ['yes', 'no longer']]);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    // The quick pick lists this experiment's earlier run first.
    await clickAction(PANEL, 'compareWith');
    await waitFor(async () => /Earlier runs of this experiment/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: 10_000, what: 'the Compare with… pick' });
    await pressKey('Enter');
    const bar = await waitFor(comparisonBar, { timeoutMs: 10_000, what: 'the comparison bar' });
    // At the panel's usual width (beside the editor), every count shows whole, and Stop comparing shows once (issue 17, smaller).
    for (const count of ['0 changed', '0 newly passing', '1 newly failing', '0 added', '0 removed', '3 same']) assert.ok(bar.text.includes(count), `"${count}" in the bar: ${bar.text}`);
    assert.deepEqual(bar.cut, [], `nothing in the bar is cut at ${bar.width} px`);
    assert.equal(bar.stops, 1, 'one Stop comparing');
    assert.equal(await webviewEval(PANEL, `document.querySelector('.cell[data-row="1"][data-column="1"] .change-mark:not([hidden])')?.dataset.change`), 'newly-failing');

    await webviewClick(PANEL, '.cell[data-row="1"][data-column="1"]');
    await waitFor(async () => (await webviewQuery(PANEL, '[data-loaded="true"] .compared-output'))?.texts[0] === 'yes', { timeoutMs: 10_000, what: "the compared run's output in the detail" });
    await webviewClick(PANEL, '[data-loaded="true"] button[data-cell-action="diff"]');
    const diff = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputTextDiff)?.input as vscode.TabInputTextDiff | undefined,
      { timeoutMs: 10_000, what: 'the diff editor' },
    );
    assert.equal(diff.original.scheme, 'scalarlm-text');
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), 'yes');
    assert.equal((await vscode.workspace.openTextDocument(diff.modified)).getText(), 'no longer');
  });

  it('compares two columns of the run: counts in the bar naming the baseline, changed rows filtered, a row opened in the diff editor', async () => {
    const config = await experiment('columns', [['yes', 'yes'], ['no', 'yes'], ['yes', 'nope'], ['yes', 'yes sir']]);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await waitFor(async () => (await verdict(1, 1))?.status === 'pass', { timeoutMs: 10_000, what: 'the verdicts' });
    await clickAction(PANEL, 'compareColumns');
    await waitFor(async () => /the baseline column/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: 10_000, what: 'the baseline column pick' });
    // The first column (long.txt) is the baseline; with two columns, the other is the one compared.
    await pressKey('Enter');
    const bar = await waitFor(comparisonBar, { timeoutMs: 10_000, what: 'the comparison bar' });
    assert.match(bar.text, /^Column "short\.txt[^"]*" against the baseline column "long\.txt[^"]*"/);
    for (const count of ['1 changed', '1 newly passing', '1 newly failing', '1 same']) assert.ok(bar.text.includes(count), `"${count}" in the bar: ${bar.text}`);
    assert.doesNotMatch(bar.text, /added|removed/, 'columns of one run have the same rows');
    assert.deepEqual(bar.cut, [], `nothing in the bar is cut at ${bar.width} px`);
    assert.equal(bar.stops, 1);
    const marks = await webviewEval<Record<string, string>>(PANEL, `Object.fromEntries([...document.querySelectorAll('.cell .change-mark:not([hidden])')].map((m) => [m.closest('.cell').dataset.row + ',' + m.closest('.cell').dataset.column, m.dataset.change]))`);
    assert.deepEqual(marks, { '1,1': 'newly-passing', '2,1': 'newly-failing', '3,1': 'changed' }, "the compared column's cells carry the changes");

    await webviewClick(PANEL, '.verdict-filter button[data-filter="changed"]');
    await waitFor(async () => (await webviewQuery(PANEL, '.matrix-row[data-row]'))?.count === 3, { timeoutMs: 10_000, what: 'the changed rows only' });
    await webviewClick(PANEL, '.cell[data-row="1"][data-column="1"]');
    await waitFor(async () => (await webviewQuery(PANEL, '[data-loaded="true"] .compared-output'))?.texts[0] === 'no', { timeoutMs: 10_000, what: "the baseline column's output in the detail" });
    assert.match((await webviewQuery(PANEL, '[data-loaded="true"] .compared-section h3'))?.texts[0] ?? '', /^Output in the baseline column "long\.txt/);
    await webviewClick(PANEL, '[data-loaded="true"] button[data-cell-action="diff"]');
    const tab = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((candidate) => candidate.input instanceof vscode.TabInputTextDiff && candidate.label.includes('(baseline) ↔')),
      { timeoutMs: 10_000, what: 'the diff editor' },
    );
    const diff = tab.input as vscode.TabInputTextDiff;
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), 'no');
    assert.equal((await vscode.workspace.openTextDocument(diff.modified)).getText(), 'yes');

    // Back to the panel: Stop comparing ends it, and every row shows again.
    await vscode.window.tabGroups.close(tab);
    await waitFor(comparisonBar, { timeoutMs: 10_000, what: 'the panel again, still comparing' });
    await webviewClick(PANEL, '.stop-comparing');
    await waitFor(async () => (await webviewQuery(PANEL, '.matrix-row[data-row]'))?.count === 4 && (await comparisonBar()) === undefined, { timeoutMs: 10_000, what: 'the comparison to stop and every row to show' });
  });

  it('says why a javascript assertion failed: its code and the value it read, in the badge and the detail (issue 17 item 16)', async () => {
    await workspaceFile('judge/js/ask.txt', `Capital of {{ country }}? ${respond('The capital of France is Paris.')}`);
    const config = await workspaceFile('judge/js/promptfooconfig.yaml', 'prompts:\n  - file://ask.txt\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {country: France}\n    assert:\n      - type: javascript\n        value: output.length < 10\n');
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    const reason = 'javascript returned false: output.length < 10 (output.length was 31)';
    const badge = await waitFor(async () => ((await verdict(0, 0))?.status === 'fail' ? verdict(0, 0) : undefined), { timeoutMs: 10_000, what: 'the failing badge' });
    assert.ok(badge?.title.includes(reason), `the tooltip: ${badge?.title}`);
    assert.ok(!badge?.title.includes('javascript: javascript'), `the type named once: ${badge?.title}`);
    await webviewClick(PANEL, '.cell[data-row="0"][data-column="0"]');
    const shown = await waitFor(async () => (await webviewQuery(PANEL, '[data-loaded="true"] .assertions .assertion-reason'))?.texts[0], { timeoutMs: 10_000, what: "the assertion's reason in the detail" });
    assert.equal(shown, reason);
  });

  it('names an assertion that cannot run at its line while the file is typed', async () => {
    const uri = await workspaceFile('judge/bad/promptfooconfig.yaml', 'prompts: [hi]\nproviders: [scalarlm:base]\ntests:\n  - vars: {a: 1}\n    assert:\n      - type: regex\n        value: "(unclosed"\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(uri).find((d) => /not a valid regular expression/.test(d.message)), { timeoutMs: 10_000, what: 'the bad regex as a diagnostic' });
    assert.equal(diagnostic.range.start.line, 5);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
  });

  it('shows a hostile grader reason and output inert in the badge tooltip and the detail', async () => {
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
    const verdictText = JSON.stringify({ pass: false, score: 0, reason: `Bad: ${hostile}` });
    await workspaceFile('judge/hostile/p.txt', `Say it. [[sim:respond-b64=${Buffer.from(hostile).toString('base64')}]]`);
    const config = await workspaceFile(
      'judge/hostile/promptfooconfig.yaml',
      `prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests:\n  - assert:\n      - type: llm-rubric\n        value: 'Is safe ${graderSays(verdictText)}'\n      - type: equals\n        value: safe\n`,
    );
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await waitFor(async () => (await verdict(0, 0))?.status === 'fail' && /Bad: <img/.test((await verdict(0, 0))?.title ?? ''), { timeoutMs: 30_000, what: 'the graded failure' });
    await webviewClick(PANEL, '.cell[data-row="0"][data-column="0"]');
    await waitFor(async () => /Bad: <img src=x/.test((await webviewQuery(PANEL, '[data-loaded="true"] .assertions'))?.texts[0] ?? ''), { timeoutMs: 10_000, what: 'the reason as text' });
    assert.equal(await webviewEval<number>(PANEL, `document.querySelectorAll('main script, main img, main [onerror]').length`), 0);
    assert.equal(await webviewEval(PANEL, 'typeof window.pwned'), 'undefined');
  });
});
