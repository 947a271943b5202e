// A person's review in the experiment panel, as its tests make and read one: a cell selected and its detail's
// review form used as a person uses it (Good, Bad, the answer it should have given typed in, Save, Clear), and what
// the matrix and the form then show.

import * as vscode from 'vscode';
import { typeText, webviewClick, webviewEval, webviewQuery } from './page';
import { EXPERIMENT_PANEL } from './experiment-panel';
import { waitFor } from './wait';

const PANEL = EXPERIMENT_PANEL;
const WAIT_MS = 10_000;

/** The detail pane's review form of the cell, once the cell is the one shown. */
function formOf(row: number, column: number): string {
  return `#detail[data-row="${row}"][data-column="${column}"] .review-section`;
}

/** Selects the cell and waits for its review form (or its note that it cannot be reviewed). */
export async function selectCell(row: number, column: number): Promise<void> {
  await webviewClick(PANEL, `.cell[data-row="${row}"][data-column="${column}"]`);
  await waitFor(async () => (await webviewQuery(PANEL, formOf(row, column)))?.count, { timeoutMs: WAIT_MS, what: `the review form of cell ${row},${column}` });
}

/** What the form shows: the verdict recorded (`none`), whether it is saving, its status line, the text in its box. */
export async function reviewForm(row: number, column: number): Promise<{ review: string; saving: string; status: string; correction: string; unavailable: string | null } | undefined> {
  return webviewEval(
    PANEL,
    `(() => {
      const form = document.querySelector('${formOf(row, column)}');
      if (!form) return undefined;
      const note = form.querySelector('.review-unavailable');
      return { review: form.dataset.review, saving: form.dataset.saving, status: form.querySelector('.review-status').textContent, correction: form.querySelector('textarea').value, unavailable: note.hidden ? null : note.textContent };
    })()`,
  );
}

/** Marks the selected cell's answer Good or Bad, or saves or clears its review, and waits for the host to record it. */
async function press(row: number, column: number, button: 'good' | 'bad' | 'save' | 'clear', recorded: string): Promise<void> {
  // A toast (a run ending elsewhere, the local simulator) can come to lie over the form's buttons at any step.
  await vscode.commands.executeCommand('notifications.clearAll');
  await webviewClick(PANEL, `${formOf(row, column)} button[data-review="${button}"]`);
  await waitFor(async () => {
    const form = await reviewForm(row, column);
    return form?.saving === 'false' && form.review === recorded;
  }, { timeoutMs: WAIT_MS, what: `the review of cell ${row},${column} recorded as ${recorded}` });
}

/** Reviews the cell as a person does: selects it, presses Good or Bad and, with a correction, types it in and saves. */
export async function review(row: number, column: number, verdict: 'good' | 'bad', correction?: string): Promise<void> {
  await selectCell(row, column);
  await press(row, column, verdict, verdict);
  if (correction === undefined) return;
  await webviewClick(PANEL, `${formOf(row, column)} textarea`);
  await typeText(correction);
  await press(row, column, 'save', verdict);
  await waitFor(async () => (await reviewForm(row, column))?.status.includes('the answer it should have given'), { timeoutMs: WAIT_MS, what: 'the correction recorded' });
}

export async function clearReview(row: number, column: number): Promise<void> {
  await selectCell(row, column);
  await press(row, column, 'clear', 'none');
}

/** The review mark a cell shows in the matrix, and its tooltip; undefined when it shows none. */
export async function reviewMark(row: number, column: number): Promise<{ review: string; text: string; title: string } | undefined> {
  return webviewEval(
    PANEL,
    `(() => { const m = document.querySelector('.cell[data-row="${row}"][data-column="${column}"] .review-mark:not([hidden])'); return m ? { review: m.dataset.review, text: m.textContent, title: m.title } : undefined; })()`,
  );
}

/** "reviewed 2 of 3 answers", as the header shows it; '' while it shows none. */
export async function reviewCount(): Promise<string> {
  return webviewEval<string>(PANEL, `(() => { const c = document.querySelector('.review-filter:not([hidden]) .review-count'); return c ? c.textContent : ''; })()`);
}
