// The bar under the header while the cells are compared: with which run (or which baseline column), for a
// trained adaptor's column which rows are judged (the host's words), then how many cells changed how, each count
// on its own so the bar wraps between them rather than cut any; the paired test's verdict, and a flag when every
// answer is the same text as its baseline's; the button that switches an adaptor's column between its held-out
// rows and every row, when there is a choice, and the one that stops comparing. Its text is the host's (a run's
// title is workspace text), put in as textContent.

import type { ColumnView, ComparisonView } from '../../protocol/experiments';
import { button, element, setText } from '../shared/dom';
import { alikeLine, pairedLine } from './evidence-wording';
import { comparisonWording, judgeRowsButton, type ComparisonBarAction } from './wording';

export interface ComparisonBar {
  readonly element: HTMLElement;
  /** What is compared with, or nothing (the bar goes); `columns` name a column comparison's columns; `repeats`: samples per cell. */
  show(comparison: ComparisonView | undefined, columns: readonly ColumnView[], repeats: number): void;
}

export function createComparisonBar(onAction: (action: ComparisonBarAction) => void, signal: AbortSignal): ComparisonBar {
  const root = element('div', 'comparison-bar');
  root.id = 'comparison';
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', 'Comparison');
  root.hidden = true;
  const summary = element('div', 'comparison-summary');
  const title = element('span', 'comparison-title');
  const rows = element('div', 'comparison-rows');
  const counts = element('span', 'comparison-counts');
  const paired = element('div', 'comparison-paired');
  const alike = element('div', 'comparison-alike');
  summary.append(title, rows, counts, paired, alike);
  const judge = button('', 'secondary judge-rows');
  const stop = button('Stop comparing', 'secondary stop-comparing');
  root.append(summary, judge, stop);
  let toggle: ReturnType<typeof judgeRowsButton>;
  judge.addEventListener('click', () => toggle && onAction(toggle.action), { signal });
  stop.addEventListener('click', () => onAction('clearComparison'), { signal });
  return {
    element: root,
    show(comparison, columns, repeats) {
      root.hidden = comparison === undefined;
      root.dataset.kind = comparison?.kind ?? '';
      showLine(paired, comparison === undefined ? undefined : pairedLine(comparison));
      paired.dataset.outcome = comparison?.paired.outcome ?? '';
      showLine(alike, comparison === undefined ? undefined : alikeLine(comparison, repeats));
      const judged = comparison?.kind === 'columns' ? comparison.rows : undefined;
      showLine(rows, judged?.text);
      toggle = judgeRowsButton(judged);
      judge.hidden = toggle === undefined;
      judge.dataset.action = toggle?.action ?? '';
      setText(judge, toggle?.label ?? '');
      if (comparison === undefined) {
        setText(title, '');
        counts.replaceChildren();
        return;
      }
      const wording = comparisonWording(comparison, columns);
      setText(title, wording.title);
      counts.replaceChildren(
        ...wording.counts.map(({ change, text }) => {
          const count = element('span', 'comparison-count', text);
          count.dataset.change = change;
          return count;
        }),
      );
    },
  };
}

function showLine(line: HTMLElement, text: string | undefined): void {
  line.hidden = text === undefined;
  setText(line, text ?? '');
}
