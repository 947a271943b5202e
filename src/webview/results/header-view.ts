// The top of the results panel: what was run (title, source, parameters, what planning warned of), how
// it is going (phase, run error, elapsed, ETA, queue depth, tokens/s, groups fetched rather than sent)
// and the temperature note. Updates text in place.

import type { ProgressView, RunHeaderView } from '../../protocol/results';
import { element, setText } from '../shared/dom';
import { formatCount, formatCreated, formatDuration, formatRate } from '../shared/format';
import { createRunHeaderFrame } from '../shared/run-header';
import { formatParameters } from './format';
import { retryLine } from './wording';

export interface HeaderView {
  readonly element: HTMLElement;
  showRun(header: RunHeaderView): void;
  showProgress(progress: ProgressView): void;
}

export function createHeaderView(signal: AbortSignal): HeaderView {
  const frame = createRunHeaderFrame('Loading results…', signal);
  const temperatureNote = element('p', 'note temperature-note');
  temperatureNote.id = 'temperature-note';
  temperatureNote.hidden = true;
  frame.parameters.after(temperatureNote);

  return {
    element: frame.element,
    showRun(header) {
      setText(frame.title, header.title);
      // The title is one line, cut when long: its tooltip says it whole.
      frame.title.title = header.title;
      const sourceParts = [header.sourceLabel, header.parentRunId === undefined ? undefined : retryLine(header.parent)];
      setText(frame.source, sourceParts.filter((part) => part !== undefined).join(' · '));
      frame.source.hidden = frame.source.textContent === '';
      setText(frame.parameters, `${formatParameters(header)} · created ${formatCreated(header.createdAt)}`);
      setText(temperatureNote, header.temperatureNote ?? '');
      temperatureNote.hidden = header.temperatureNote === undefined;
      frame.showWarnings(header.warnings ?? []);
    },
    showProgress(progress) {
      frame.showProgress(progress, (elapsedMs) => statsLine(progress, elapsedMs));
    },
  };
}

function statsLine(progress: ProgressView, elapsedMs: number): string {
  const parts = [`Elapsed ${formatDuration(elapsedMs)}`];
  if (progress.phase === 'running' && progress.etaSeconds !== undefined) parts.push(`ETA ${formatDuration(progress.etaSeconds * 1000)}`);
  if (progress.queueDepth !== undefined) parts.push(`Queue depth ${formatCount(progress.queueDepth)}`);
  if (progress.tokensPerSecond !== undefined) parts.push(formatRate(progress.tokensPerSecond));
  const existing = progress.existingGroups;
  if (existing > 0) parts.push(`${formatCount(existing)} group${existing === 1 ? '' : 's'} already on the server: fetched, not re-sent`);
  return parts.join(' · ');
}
