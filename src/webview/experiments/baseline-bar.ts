// The bar under the header while the experiment has a baseline run (Set as Baseline): which run, how many of
// this run's rows regressed, newly pass or stayed the same against it, each count on its own so the bar wraps
// between them, and the paired test per column; or that this run is the baseline; or why the baseline cannot be
// compared (its rows or assertions are not this run's), a line per reason. Every figure is the host's; its text
// (a run's title, row labels) goes in as textContent.

import type { BaselineView, ColumnView } from '../../protocol/experiments';
import { element, setText } from '../shared/dom';
import { baselineWording } from './evidence-wording';

export interface BaselineBar {
  readonly element: HTMLElement;
  /** The baseline as it stands, or none (the bar goes); `columns` name the paired tests' columns; `repeats`: samples per cell. */
  show(baseline: BaselineView | undefined, columns: readonly ColumnView[], repeats: number): void;
}

export function createBaselineBar(formatDate: (iso: string) => string = (iso) => new Date(iso).toLocaleString()): BaselineBar {
  const root = element('div', 'baseline-bar');
  root.id = 'baseline';
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', 'Baseline');
  root.hidden = true;
  const summary = element('div', 'baseline-summary');
  const title = element('span', 'baseline-title');
  const counts = element('span', 'baseline-counts');
  summary.append(title, counts);
  const lines = element('ul', 'baseline-lines');
  root.append(summary, lines);
  return {
    element: root,
    show(baseline, columns, repeats) {
      root.hidden = baseline === undefined;
      root.dataset.state = baseline?.state ?? '';
      if (baseline === undefined) {
        setText(title, '');
        counts.replaceChildren();
        lines.replaceChildren();
        return;
      }
      const wording = baselineWording(baseline, columns, repeats, formatDate);
      setText(title, wording.title);
      counts.replaceChildren(
        ...wording.counts.map(({ change, text }) => {
          const count = element('span', 'baseline-count', text);
          count.dataset.change = change;
          return count;
        }),
      );
      lines.replaceChildren(...wording.lines.map((line) => element('li', 'baseline-line', line)));
      lines.hidden = wording.lines.length === 0;
    },
  };
}
