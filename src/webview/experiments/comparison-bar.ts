// The bar under the header while the cells are compared: with which run (or which baseline column), then how
// many cells changed how, each count on its own so the bar wraps between them rather than cut any; and the
// one button that stops comparing. Its text is the host's (a run's title is workspace text), put in as textContent.

import type { ColumnView, ComparisonView } from '../../protocol/experiments';
import { button, element, setText } from '../shared/dom';
import { comparisonWording } from './wording';

export interface ComparisonBar {
  readonly element: HTMLElement;
  /** What is compared with, or nothing (the bar goes); `columns` name a column comparison's columns. */
  show(comparison: ComparisonView | undefined, columns: readonly ColumnView[]): void;
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
  summary.append(title, counts);
  const stop = button('Stop comparing', 'secondary stop-comparing');
  root.append(summary, stop);
  stop.addEventListener('click', onStop, { signal });
  return {
    element: root,
    show(comparison, columns) {
      root.hidden = comparison === undefined;
      root.dataset.kind = comparison?.kind ?? '';
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
