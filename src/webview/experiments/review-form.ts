// The detail pane's review of the selected answer: Good or Bad (beside the assertions' verdict, which stays as it
// is), the answer it should have given (empty until the reviewer writes it; Save, or Ctrl+Enter), and Clear. The
// form is the review: each button sends its verdict with the text as it stands, and what the buttons show is what
// the host recorded, so the form says "Saving…" until the cell comes back. A cell that has no answer cannot be
// reviewed, and says so. Text the reviewer wrote is kept while other news of the cell arrives; another cell
// starts from what is recorded for it. Review text is shown as text (a textarea's value, textContent).

import type { CellView, ReviewView } from '../../protocol/experiments';
import { button, element, setPressed, setText } from '../shared/dom';
import { sameCell, type CellRef } from './cell-store';
import { notReviewable, reviewStatus } from './review-text';

export type ReviewSent = (ref: CellRef, verdict: ReviewView['verdict'] | null, correction?: string) => void;

export interface ReviewForm {
  readonly element: HTMLElement;
  /** The selected cell as the matrix has it (its state and its review). */
  show(ref: CellRef, cell: CellView | undefined): void;
}

export function createReviewForm(send: ReviewSent, signal: AbortSignal): ReviewForm {
  const root = element('section', 'review-section');
  const head = element('div', 'section-head');
  head.append(element('h3', undefined, 'Your review'));
  const note = element('p', 'review-unavailable');

  const good = verdictButton('good', 'Good', 'This answer is good');
  const bad = verdictButton('bad', 'Bad', 'This answer is bad');
  const clear = button('Clear', 'secondary');
  clear.dataset.review = 'clear';
  clear.title = 'Forget the review of this answer';
  const verdicts = element('div', 'review-verdicts');
  verdicts.setAttribute('role', 'group');
  verdicts.setAttribute('aria-label', 'Your verdict on this answer');
  verdicts.append(good, bad, clear);

  const correction = element('textarea', 'review-correction');
  correction.id = 'review-correction';
  correction.rows = 3;
  correction.placeholder = 'What the model should have answered (it becomes a training row)';
  const label = element('label', 'review-label', 'The answer it should have given');
  label.htmlFor = correction.id;
  const save = button('Save', 'secondary');
  save.dataset.review = 'save';
  save.title = 'Keep this answer as the one it should have given (Ctrl+Enter)';
  const status = element('p', 'review-status');
  status.setAttribute('role', 'status');
  const draft = element('span', 'review-draft', 'Not saved yet.');
  const footer = element('div', 'review-footer');
  footer.append(save, status, draft);

  const controls = element('div', 'review-controls');
  controls.append(verdicts, label, correction, footer);
  root.append(head, note, controls);

  let shown: { ref: CellRef; cell: CellView | undefined } | undefined;
  /** The cell as it was when a review went out: the host's answer is the next cell that is another object. */
  let sentFor: { cell: CellView | undefined } | undefined;

  const recorded = () => shown?.cell?.review;
  const savedText = () => recorded()?.correction ?? '';
  const edited = () => correction.value !== savedText();

  function render(): void {
    const unavailable = notReviewable(shown?.cell);
    note.hidden = unavailable === undefined;
    setText(note, unavailable ?? '');
    controls.hidden = unavailable !== undefined;
    const review = recorded();
    const saving = sentFor !== undefined;
    setPressed(good, review?.verdict === 'good');
    setPressed(bad, review?.verdict === 'bad');
    for (const control of [good, bad, correction]) control.disabled = saving;
    clear.disabled = saving || review === undefined;
    // Nothing to save: the text is what is recorded, or there is neither text nor verdict.
    save.disabled = saving || !edited() || (review === undefined && correction.value.trim() === '');
    root.dataset.review = review?.verdict ?? 'none';
    root.dataset.saving = String(saving);
    setText(status, reviewStatus(review, saving));
    draft.hidden = saving || !edited();
  }

  function sendReview(verdict: ReviewView['verdict'] | null, withText: boolean): void {
    if (shown === undefined || sentFor !== undefined) return;
    sentFor = { cell: shown.cell };
    send(shown.ref, verdict, withText ? correction.value : undefined);
    render();
  }

  root.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest<HTMLButtonElement>('button[data-review]');
      if (target === null || target.disabled) return;
      const action = target.dataset.review;
      if (action === 'clear') sendReview(null, false);
      else if (action === 'save') sendReview(recorded()?.verdict ?? null, true);
      else if (action === 'good' || action === 'bad') {
        // Pressing the verdict already recorded, with the text as recorded, would record nothing new.
        if (recorded()?.verdict !== action || edited()) sendReview(action, true);
      }
    },
    { signal },
  );
  correction.addEventListener('input', render, { signal });
  correction.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !save.disabled) {
        event.preventDefault();
        sendReview(recorded()?.verdict ?? null, true);
      }
    },
    { signal },
  );

  return {
    element: root,
    show(ref, cell) {
      const another = shown === undefined || !sameCell(ref, shown.ref);
      const answered = sentFor !== undefined && sentFor.cell !== cell;
      const keepDraft = !another && !answered && (sentFor !== undefined || edited());
      shown = { ref, cell };
      if (another || answered) sentFor = undefined;
      if (!keepDraft) correction.value = savedText();
      render();
    },
  };
}

function verdictButton(verdict: ReviewView['verdict'], text: string, title: string): HTMLButtonElement {
  const created = button(text, 'secondary review-verdict');
  created.dataset.review = verdict;
  created.title = title;
  setPressed(created, false);
  return created;
}
