// The detail pane's judging sections: every assertion's result (state, type, score, weight, metric and its
// reason), and while comparing, the compared output (the other run's of the same cell, or the baseline
// column's of its row) with a button to open both in VS Code's diff editor (the pane's own click handler posts it, as for its other cell actions). Reasons
// and outputs are model text: textContent only.

import type { AssertionView } from '../../protocol/experiments';
import { button, element, setText } from '../shared/dom';
import { assertionRows } from './detail-text';

export interface AssertionsSection {
  readonly element: HTMLElement;
  /** Absent or none: the section hides. `verdict`: the cell's verdict badge text, beside the heading. */
  show(assertions: readonly AssertionView[] | undefined, verdict: { text: string; status: string; label: string } | undefined): void;
}

export function createAssertionsSection(): AssertionsSection {
  const root = element('section', 'assertions-section');
  const head = element('div', 'section-head');
  const verdictBadge = element('span', 'badge verdict');
  verdictBadge.setAttribute('role', 'img');
  head.append(element('h3', undefined, 'Assertions'), verdictBadge);
  const list = element('ol', 'assertions');
  root.append(head, list);
  root.hidden = true;
  return {
    element: root,
    show(assertions, verdict) {
      root.hidden = assertions === undefined || assertions.length === 0;
      verdictBadge.hidden = verdict === undefined;
      if (verdict !== undefined) {
        setText(verdictBadge, verdict.text);
        verdictBadge.dataset.verdict = verdict.status;
        verdictBadge.setAttribute('aria-label', verdict.label);
      }
      list.replaceChildren(
        ...assertionRows(assertions ?? []).map((row) => {
          const item = element('li', 'assertion');
          item.dataset.status = row.status;
          const icon = element('span', 'assertion-icon', row.icon);
          icon.setAttribute('role', 'img');
          icon.setAttribute('aria-label', row.statusLabel);
          icon.title = row.statusLabel;
          const line = element('div', 'assertion-line');
          line.append(icon, element('span', 'assertion-type', row.type), element('span', 'assertion-figures', row.figures));
          item.append(line, element('p', 'assertion-reason', row.reason));
          // What the grader wrote instead of a verdict: its own words, as text.
          if (row.graderText !== undefined) item.append(element('pre', 'grader-text', row.graderText));
          return item;
        }),
      );
    },
  };
}

export interface ComparedSection {
  readonly element: HTMLElement;
  /**
   * The compared output: absent when not comparing (the section hides), null when there is none; `where` says
   * where it is from ("in the compared run", "in the baseline column "base"").
   */
  show(output: string | null | undefined, where: string): void;
}

export function createComparedSection(): ComparedSection {
  const root = element('section', 'compared-section');
  const head = element('div', 'section-head');
  const diff = button('Open diff', 'secondary');
  diff.dataset.cellAction = 'diff';
  diff.title = "Open the compared output and this cell's side by side in the diff editor";
  const heading = element('h3');
  head.append(heading, diff);
  const text = element('pre', 'compared-output');
  const note = element('p', 'response-note');
  root.append(head, text, note);
  root.hidden = true;
  return {
    element: root,
    show(output, where) {
      root.hidden = output === undefined;
      text.hidden = output === undefined || output === null;
      note.hidden = output !== null;
      setText(heading, `Output ${where}`);
      setText(note, `No output ${where}.`);
      setText(text, output ?? '');
    },
  };
}
