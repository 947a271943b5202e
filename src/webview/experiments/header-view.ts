// The top of the experiment panel: what was run (title, source, when, the columns, what planning warned
// of) and how it is going (phase, run error, elapsed, ETA, queue depth, cells fetched rather than sent).
// Updates text in place.

import type { ExperimentHeaderView, ExperimentProgressView } from '../../protocol/experiments';
import { setText } from '../shared/dom';
import { formatCreated } from '../shared/format';
import { createRunHeaderFrame } from '../shared/run-header';
import { columnsSummary, progressStats } from './wording';

export interface HeaderView {
  readonly element: HTMLElement;
  showExperiment(header: ExperimentHeaderView): void;
  showProgress(progress: ExperimentProgressView): void;
}

export function createHeaderView(signal: AbortSignal): HeaderView {
  const frame = createRunHeaderFrame('Loading the experiment…', signal);
  return {
    element: frame.element,
    showExperiment(header) {
      setText(frame.title, header.title);
      // The title is one line, cut when long: its tooltip says it whole.
      frame.title.title = header.title;
      setText(frame.source, [header.sourceLabel, `created ${formatCreated(header.createdAt)}`].filter((part) => part !== '').join(' · '));
      setText(frame.parameters, columnsSummary(header));
      frame.showWarnings(header.warnings);
    },
    showProgress(progress) {
      frame.showProgress(progress, (elapsedMs) => progressStats(progress, elapsedMs));
    },
  };
}
