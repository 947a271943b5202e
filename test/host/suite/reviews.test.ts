// Reviews in the editor (issue 24, 4), as a person makes them in the experiment panel: an answer marked Good,
// another Bad with the answer it should have given, each marked in the matrix beside its verdict (which stays as
// the assertions said) and counted in the header; a failed cell says it cannot be reviewed; the reviewed / not
// reviewed filter; a rerun of the unchanged experiment (a new run, the same answers) shows the reviews; the panel's
// CSV and HTML exports carry them; Export Training Data… from reviewed answers writes the correction and the answer
// marked good, and says so when the run has no review.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { screenshot, webviewClick, webviewEval, webviewQuery, workbenchText } from './helpers/page';
import { chooseInQuickInput, pressInQuickInput } from './helpers/quick-input';
import { clearReview, review, reviewCount, reviewForm, reviewMark, selectCell } from './helpers/reviews';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

const PANEL = EXPERIMENT_PANEL;
const WAIT_MS = 10_000;
// Only while shown: a closed quick input stays in the page, hidden, with the text of its last list.
const QUICK_INPUT = '.quick-input-widget:not([style*="display: none"])';

/**
 * Capitals asked of the base model; each answer passes its assertion (a letter it contains), right or wrong. Row 3
 * fails. Each experiment's prompts name it: reviews belong to answers, and another test's answers are other answers.
 */
async function capitals(name: string): Promise<vscode.Uri> {
  const rows = [
    ['France', 'Lyon', 'o'],
    ['Peru', 'Lima', 'i'],
    ['Chile', 'Santiago', 'a'],
  ];
  const tests = rows.map(([country, answer, letter]) => `  - vars: {country: ${country}, answer: ${answer}}\n    assert: [{type: icontains, value: ${letter}}]\n`).join('');
  return workspaceFile(
    `reviews/${name}/promptfooconfig.yaml`,
    `description: Capitals ${name}\nprompts:\n  - "${name}: capital of {{ country }}? {{ fault }}${respond('{{ answer }}')}"\nproviders:\n  - scalarlm:base\ndefaultTest:\n  vars: {fault: ''}\ntests:\n${tests}  - vars: {country: Atlantis, answer: none, fault: '[[sim:item-error=ValueError: no such country]] '}\n    assert: [{type: icontains, value: x}]\n`,
  );
}

async function runToCompletion(config: vscode.Uri): Promise<string> {
  const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
  await waitFor(async () => (await webviewEval<string>(PANEL, `document.querySelector('main')?.dataset.runId ?? ''`).catch(() => '')) === runId, { timeoutMs: 30_000, what: `the panel of run ${runId}` });
  await waitForPhase('complete');
  return runId;
}

async function shownRows(): Promise<string[]> {
  return webviewEval<string[]>(PANEL, `[...document.querySelectorAll('.matrix-row[data-row]')].map((r) => r.dataset.row)`);
}

/** Takes the save dialog's proposed file (a quick input here), once its title says `title`. */
async function acceptSaveDialog(title: string): Promise<void> {
  await waitFor(async () => (await workbenchText(QUICK_INPUT))?.includes(title), { timeoutMs: WAIT_MS, what: `the save dialog "${title}"` });
  await pressInQuickInput('Enter');
}

function workspacePath(name: string): string {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name).fsPath;
}

describe('reviews in the experiment panel', () => {
  useExperimentSimulator();

  it('marks an answer Good and another Bad with the answer it should have given: marks beside the verdicts, the count, the filter; a failed cell cannot be reviewed', async () => {
    await runToCompletion(await capitals('marks'));
    await waitFor(async () => (await reviewCount()) === 'reviewed 0 of 3 answers', { timeoutMs: WAIT_MS, what: `the count before any review (now "${await reviewCount()}")` });
    assert.equal((await webviewQuery(PANEL, '.review-filter button.chip:not([hidden])'))?.count, 0, 'no filter before there is a review');

    // The form starts empty: nothing recorded, no text put in for the reviewer.
    await selectCell(0, 0);
    assert.deepEqual(await reviewForm(0, 0), { review: 'none', saving: 'false', status: 'Not reviewed. Your review is kept beside the assertions’ verdict, never over it.', correction: '', unavailable: null });

    await review(1, 0, 'good');
    await review(0, 0, 'bad', 'Paris');
    await screenshot('experiment-review');
    assert.deepEqual(await reviewMark(1, 0), { review: 'good', text: '✓ reviewed', title: 'Reviewed as good' });
    assert.deepEqual(await reviewMark(0, 0), { review: 'bad', text: '✗ reviewed', title: 'Reviewed as bad. It should have said:\nParis' });
    assert.equal(await reviewMark(2, 0), undefined);
    // The assertions' verdict stays as it was: Lyon contains an "o".
    assert.equal(await webviewEval(PANEL, `document.querySelector('.cell[data-row="0"][data-column="0"] .verdict:not([hidden])')?.dataset.verdict`), 'pass');
    await waitFor(async () => (await reviewCount()) === 'reviewed 2 of 3 answers', { timeoutMs: WAIT_MS, what: `the count (now "${await reviewCount()}")` });
    assert.match(await webviewEval<string>(PANEL, `document.querySelector('.cell[data-row="0"][data-column="0"]').getAttribute('aria-label')`), /reviewed as bad, with a correction/);

    // The failed cell says why it has no form.
    await selectCell(3, 0);
    assert.equal((await reviewForm(3, 0))?.unavailable, 'Only an answered cell can be reviewed: this one is error.');
    assert.equal(await webviewEval(PANEL, `document.querySelector('#detail .review-controls').hidden`), true);

    // Reviewed, then not reviewed: the rows each filter keeps.
    await webviewClick(PANEL, '.review-filter button[data-review="reviewed"]');
    await waitFor(async () => (await shownRows()).join() === '0,1', { timeoutMs: WAIT_MS, what: 'the reviewed rows only' });
    await webviewClick(PANEL, '.review-filter button[data-review="unreviewed"]');
    await waitFor(async () => (await shownRows()).join() === '2', { timeoutMs: WAIT_MS, what: 'the rows not reviewed (the failed one has no answer to review)' });

    // Clear takes a review back, and the filter and the count follow.
    await webviewClick(PANEL, '.review-filter button[data-review="reviewed"]');
    await waitFor(async () => (await shownRows()).join() === '0,1', { timeoutMs: WAIT_MS, what: 'the reviewed rows again' });
    await clearReview(1, 0);
    await waitFor(async () => (await shownRows()).join() === '0', { timeoutMs: WAIT_MS, what: 'the row cleared gone from the reviewed ones' });
    await webviewClick(PANEL, '.review-filter button[data-review="reviewed"]');
    await waitFor(async () => (await shownRows()).join() === '0,1,2,3', { timeoutMs: WAIT_MS, what: 'every row, the filter pressed again' });
    assert.equal(await reviewMark(1, 0), undefined);
    await waitFor(async () => (await reviewCount()) === 'reviewed 1 of 3 answers', { timeoutMs: WAIT_MS, what: `the count after Clear (now "${await reviewCount()}")` });
  });

  it('shows the reviews on a rerun of the unchanged experiment (a new run, the same answers), and its exports carry them', async () => {
    const config = await capitals('rerun');
    const first = await runToCompletion(config);
    await review(0, 0, 'bad', 'Paris');
    await review(1, 0, 'good');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(PANEL, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the panel to close' });

    const second = await runToCompletion(config);
    assert.notEqual(second, first, 'another run');
    await waitFor(async () => (await reviewMark(0, 0))?.title === 'Reviewed as bad. It should have said:\nParis', { timeoutMs: WAIT_MS, what: "the first run's review on the rerun" });
    assert.equal((await reviewMark(1, 0))?.review, 'good');
    assert.equal(await reviewCount(), 'reviewed 2 of 3 answers');
    await selectCell(0, 0);
    assert.equal((await reviewForm(0, 0))?.correction, 'Paris', 'the form holds the correction recorded');

    await clickAction(PANEL, 'exportCsv');
    await acceptSaveDialog('Export 4 cells as CSV');
    await waitFor(() => workbenchText('.notification-toast:has-text("Exported 4 cells")'), { timeoutMs: WAIT_MS, what: 'the CSV export notice' });
    const rows = parse(readFileSync(workspacePath('Capitals-rerun-cells.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    assert.deepEqual(rows.map((row) => [row.verdict, row.review, row.review_correction]), [
      ['pass', 'bad', 'Paris'],
      ['pass', 'good', ''],
      ['pass', '', ''],
      ['error', '', ''],
    ]);
    await vscode.commands.executeCommand('notifications.clearAll');

    await clickAction(PANEL, 'exportHtml');
    await acceptSaveDialog('Export 4 cells as HTML');
    await waitFor(() => workbenchText('.notification-toast:has-text("Exported 4 cells")'), { timeoutMs: WAIT_MS, what: 'the HTML export notice' });
    const html = readFileSync(workspacePath('Capitals-rerun-cells.html'), 'utf8');
    assert.match(html, /Reviewed 2 of 3 answers/);
    assert.match(html, /Paris/);
  });

  it('exports training data from the reviewed answers (the correction, the answer marked good), and says so when the run has none', async () => {
    // No review yet: the pick says so, and choosing it says what to do.
    await runToCompletion(await capitals('training'));
    await clickAction(PANEL, 'exportTraining');
    await waitFor(async () => (await workbenchText(`${QUICK_INPUT} .quick-input-list`))?.includes('no answer of this run is reviewed yet'), { timeoutMs: WAIT_MS, what: 'the reviewed answers offered, with none reviewed' });
    await chooseInQuickInput('Reviewed', 'Expected answers');
    await waitFor(async () => (await workbenchText(QUICK_INPUT))?.includes('reviewed answers give nothing to train on here, pick another'), { timeoutMs: WAIT_MS, what: 'the pick again, saying the run has no review' });
    await pressInQuickInput('Escape');

    await review(0, 0, 'bad', 'Paris');
    await review(1, 0, 'good');
    // Marked bad with no correction: nothing to train on, left out.
    await review(2, 0, 'bad');
    await clickAction(PANEL, 'exportTraining');
    await waitFor(async () => (await workbenchText(`${QUICK_INPUT} .quick-input-list`))?.includes('3 of 3 answers reviewed'), { timeoutMs: WAIT_MS, what: 'the reviewed answers offered with their count' });
    await chooseInQuickInput('Reviewed', 'Expected answers');
    // Then which rows to hold out: every reviewed answer is wanted here.
    await waitFor(async () => (await workbenchText(`${QUICK_INPUT} .quick-input-list`))?.includes('Train on all rows'), { timeoutMs: WAIT_MS, what: 'the rows to hold out' });
    await chooseInQuickInput('Train on all rows', 'Hold out 20%');
    await acceptSaveDialog('Export 2 training examples');
    await waitFor(() => workbenchText('.notification-toast:has-text("reviewed answers of column 1")'), { timeoutMs: WAIT_MS, what: 'the export notice' });
    const lines = readFileSync(workspacePath('Capitals-training-training.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(lines, [
      { input: `training: capital of France? ${respond('Lyon')}`, output: 'Paris' },
      { input: `training: capital of Peru? ${respond('Lima')}`, output: 'Lima' },
    ]);
  });
});
