// The bar under the header while the cells are compared: with which run (or which baseline column), then how
// many cells changed how, each count on its own so the bar wraps between them rather than cut any; the paired
// test's verdict, and a flag when every answer is the same text as its baseline's; and the one button that stops
// comparing. Its text is the host's (a run's title is workspace text), put in as textContent.

import type { ColumnView, ComparisonView } from '../../protocol/experiments';
import { button, element, setText } from '../shared/dom';
import { alikeLine, pairedLine } from './evidence-wording';
import { comparisonWording } from './wording';

export interface ComparisonBar {
  readonly element: HTMLElement;
  /** What is compared with, or nothing (the bar goes); `columns` name a column comparison's columns; `repeats`: samples per cell. */
  show(comparison: ComparisonView | undefined, columns: readonly ColumnView[], repeats: number): void;
}

export function createComparisonBar(onStop: () => void, signal: AbortSignal): ComparisonBar {
  const root = element('div', 'comparison-bar');
  root.id = 'comparison';
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', 'Comparison');
  root.hidden = true;
  const summary = element('div', 'comparison-summary');
  const title = element('span', 'comparison-title');
  const counts = element('span', 'comparison-counts');
  const paired = element('div', 'comparison-paired');
  const alike = element('div', 'comparison-alike');
  summary.append(title, counts, paired, alike);
  const stop = button('Stop comparing', 'secondary stop-comparing');
  root.append(summary, stop);
  stop.addEventListener('click', onStop, { signal });
  return {
    element: root,
    show(comparison, columns, repeats) {
      root.hidden = comparison === undefined;
      root.dataset.kind = comparison?.kind ?? '';
      showLine(paired, comparison === undefined ? undefined : pairedLine(comparison));
      paired.dataset.outcome = comparison?.paired.outcome ?? '';
      showLine(alike, comparison === undefined ? undefined : alikeLine(comparison, repeats));
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
