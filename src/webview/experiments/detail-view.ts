// The selected cell in full: its row and column, state, vars, the rendered prompt (collapsed), the output
// as raw text or sanitized markdown, the error, its assertions' results, a person's review (review-form.ts), the
// compared output (the other run's, or the baseline column's) when comparing, and the request id, tokens, latency and finish reason when known;
// with its actions. What the matrix holds shows at once; the prompt and the figures arrive with the host's
// `detail`. Model text goes in as textContent, except the rendered markdown, which goes
// through safe-markdown.ts (in output-view.ts).

import type { CellAction, CellDetailView, CellView, ColumnView, RowView } from '../../protocol/experiments';
import { createDetailPane, createErrorSection, createPromptSection } from '../shared/detail-parts';
import { button, element, setText } from '../shared/dom';
import { createOutputView } from '../shared/output-view';
import type { OutputFormat } from '../shared/saved-state';
import { verdictBadge } from './cell-marks';
import type { CellRef } from './cell-store';
import { detailNote } from './cell-text';
import { createAssertionsSection, createComparedSection } from './detail-judging';
import { detailFacts } from './detail-text';
import { createReviewForm, type ReviewSent } from './review-form';
import { columnModel, columnName, repeatLabel } from './wording';

export type DetailAction = Exclude<CellAction, 'detail'>;

export interface DetailCallbacks {
  action(action: DetailAction, cell: CellRef): void;
  repeatChosen(repeat: number): void;
  formatChosen(format: OutputFormat): void;
  review: ReviewSent;
  /** The Close button, or Escape in the pane. */
  close(): void;
}

/** The cell to show: what the matrix knows of it, and its full detail once the host sent it. */
export interface ShownCell {
  ref: CellRef;
  cell: CellView | undefined;
  row: RowView | undefined;
  column: ColumnView | undefined;
  /** How many answers the cell holds (the experiment's repeat). */
  repeats: number;
  detail: CellDetailView | undefined;
  /** Where the compared output is from ("in the compared run"), when comparing. */
  comparedWhere: string;
}

export interface DetailView {
  readonly element: HTMLElement;
  show(shown: ShownCell | undefined): void;
  setFormat(format: OutputFormat): void;
  focus(): void;
}

const DETAIL_ACTIONS: readonly DetailAction[] = ['copyOutput', 'openOutput', 'openPrompt', 'diff', 'copyAsCurl', 'copyAsPython', 'copyAsTypeScript'];

export function createDetailView(callbacks: DetailCallbacks, signal: AbortSignal): DetailView {
  const pane = createDetailPane('Selected cell', 'Select a cell to see it in full.', () => callbacks.close(), signal);
  const root = pane.element;
  const openPrompt = actionButton('openPrompt', 'Open prompt');
  pane.head.append(openPrompt);
  const columnLine = element('p', 'detail-column');

  const previous = button('Previous', 'secondary');
  previous.dataset.repeatStep = '-1';
  const next = button('Next', 'secondary');
  next.dataset.repeatStep = '1';
  const repeatText = element('span', 'repeat-label');
  const repeatNav = element('div', 'repeat-nav');
  repeatNav.setAttribute('role', 'group');
  repeatNav.setAttribute('aria-label', 'Repeats of this cell');
  repeatNav.append(previous, repeatText, next);

  const vars = element('dl', 'vars');
  const varsSection = element('section', 'vars-section');
  varsSection.append(element('h3', undefined, 'Vars'), vars);

  const prompt = createPromptSection();

  const output = createOutputView('Output', (chosen) => callbacks.formatChosen(chosen), signal);
  const copyOutput = actionButton('copyOutput', 'Copy output');
  const openOutput = actionButton('openOutput', 'Open output');
  output.head.append(copyOutput, openOutput);

  const error = createErrorSection();

  const assertions = createAssertionsSection();
  const review = createReviewForm(callbacks.review, signal);
  const compared = createComparedSection();

  const facts = element('dl', 'facts');
  // The cell's request as code: a batch cell's group as it went out, or a chat cell's completion.
  const copyAs = element('div', 'copy-as');
  copyAs.setAttribute('role', 'group');
  copyAs.setAttribute('aria-label', 'Copy request as');
  copyAs.append(element('span', 'copy-as-label', 'Copy request as'), actionButton('copyAsCurl', 'cURL'), actionButton('copyAsPython', 'Python'), actionButton('copyAsTypeScript', 'TypeScript'));

  pane.body.append(columnLine, repeatNav, varsSection, prompt.element, output.element, error.element, assertions.element, review.element, compared.element, facts, copyAs);

  let shown: ShownCell | undefined;

  function render(current: ShownCell): void {
    const { ref, cell, detail } = current;
    root.dataset.row = String(ref.row);
    root.dataset.column = String(ref.column);
    root.dataset.repeat = String(ref.repeat);
    root.dataset.loaded = String(detail !== undefined);
    pane.showTitle(current.row?.label ?? `Row ${ref.row + 1}`, cell?.status ?? detail?.status ?? 'not in the run');
    const model = current.column === undefined ? undefined : columnModel(current.column);
    setText(columnLine, current.column === undefined ? `Column ${ref.column + 1}` : [columnName(current.column), model].filter((part) => part !== undefined).join(' · '));

    repeatNav.hidden = current.repeats <= 1;
    setText(repeatText, repeatLabel(ref.repeat, current.repeats));
    previous.disabled = ref.repeat <= 0;
    next.disabled = ref.repeat >= current.repeats - 1;

    const varEntries = Object.entries(detail?.vars ?? current.row?.vars ?? {});
    varsSection.hidden = varEntries.length === 0;
    vars.replaceChildren(...varEntries.flatMap(([name, value]) => [element('dt', undefined, name), element('dd', undefined, value)]));

    prompt.show(detail?.prompt);

    // The host's detail has the whole text; it is current while the cell's state has not moved on since.
    const answer = detail !== undefined && (cell === undefined || detail.status === cell.status) ? detail : cell;
    const text = answer?.output ?? null;
    output.show(text, answer === undefined ? '' : detailNote(answer));
    copyOutput.disabled = text === null;
    openOutput.disabled = text === null;

    error.show(answer?.error ?? null);

    assertions.show(detail?.assertions, verdictBadge(answer));
    // The matrix's cell is the newest word on its review; the detail follows it.
    review.show(ref, cell ?? detail);
    compared.show(detail?.comparedOutput, current.comparedWhere);

    facts.hidden = detail === undefined;
    facts.replaceChildren(...(detail === undefined ? [] : detailFacts(detail).flatMap((fact) => [element('dt', undefined, fact.label), element('dd', undefined, fact.value)])));
  }

  root.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest<HTMLButtonElement>('button');
      if (target === null || target.disabled || shown === undefined) return;
      const action = DETAIL_ACTIONS.find((known) => known === target.dataset.cellAction);
      if (action !== undefined) callbacks.action(action, shown.ref);
      else if (target.dataset.repeatStep !== undefined) callbacks.repeatChosen(shown.ref.repeat + Number(target.dataset.repeatStep));
    },
    { signal },
  );

  return {
    element: root,
    show(next) {
      shown = next;
      pane.setShown(next !== undefined);
      if (next !== undefined) render(next);
      else for (const key of ['row', 'column', 'repeat', 'loaded']) delete root.dataset[key];
    },
    setFormat(format) {
      output.setFormat(format);
    },
    focus: pane.focus,
  };
}

function actionButton(action: DetailAction, label: string): HTMLButtonElement {
  const created = button(label, 'secondary');
  created.dataset.cellAction = action;
  return created;
}
