// The bar under the header while the run is compared with another: which run, and how many cells changed
// how; with a button to stop comparing. Its text is the host's (a run's title is workspace text), put in as
// textContent.

import type { ComparisonView } from '../../protocol/experiments';
import { button, element, setText } from '../shared/dom';
import { comparisonSummary } from './wording';

export interface ComparisonBar {
  readonly element: HTMLElement;
  /** The run compared with, or none (the bar goes). */
  show(comparison: ComparisonView | undefined): void;
}

export function createComparisonBar(onStop: () => void, signal: AbortSignal): ComparisonBar {
  const root = element('div', 'comparison-bar');
  root.id = 'comparison';
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', 'Comparison with another run');
  root.hidden = true;
  const summary = element('span', 'comparison-summary');
  const stop = button('Stop comparing', 'secondary stop-comparing');
  root.append(summary, stop);
  stop.addEventListener('click', onStop, { signal });
  return {
    element: root,
    show(comparison) {
      root.hidden = comparison === undefined;
      setText(summary, comparison === undefined ? '' : comparisonSummary(comparison));
      // The title may be long: the whole line stays readable in the tooltip when the bar cuts it.
      summary.title = summary.textContent ?? '';
    },
  };
}
