// The top of the panel: what was run (title, source, parameters, what planning warned of), how it is going
// (phase, run error, elapsed, ETA, queue depth, tokens/s, groups fetched rather than sent) and the
// temperature note. Updates text in place.

import type { ProgressView, RunHeaderView } from '../../protocol/results';
import { element, setText } from '../shared/dom';
import { formatCount, formatCreated, formatDuration, formatParameters, formatRate } from './format';
import { PHASE_LABELS } from './wording';

export interface HeaderView {
  readonly element: HTMLElement;
  showRun(header: RunHeaderView): void;
  showProgress(progress: ProgressView): void;
}

export function createHeaderView(signal: AbortSignal): HeaderView {
  const root = element('header', 'run-header');
  const titleRow = element('div', 'title-row');
  const title = element('h1', 'run-title', 'Loading results…');
  const phase = element('span', 'phase');
  phase.id = 'phase';
  // A phase change (complete, failed) is worth announcing; the ticking figures below are not.
  phase.setAttribute('aria-live', 'polite');
  titleRow.append(title, phase);

  const source = element('p', 'run-source');
  const parameters = element('p', 'run-parameters');
  const temperatureNote = element('p', 'note temperature-note');
  temperatureNote.id = 'temperature-note';
  temperatureNote.hidden = true;
  const warnings = element('ul', 'note run-warnings');
  warnings.id = 'run-warnings';
  warnings.hidden = true;
  const runError = element('p', 'run-error');
  runError.id = 'run-error';
  runError.setAttribute('role', 'alert');
  runError.hidden = true;
  const stats = element('p', 'run-stats');
  stats.id = 'stats';
  root.append(titleRow, source, parameters, temperatureNote, warnings, runError, stats);

  // Elapsed time counts on between progress messages, which may be a long poll apart.
  let progress: ProgressView | undefined;
  let progressAt = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicking = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  signal.addEventListener('abort', stopTicking);

  function renderStats(): void {
    if (progress === undefined) return;
    const running = progress.phase === 'running';
    const elapsed = progress.elapsedMs + (running ? performance.now() - progressAt : 0);
    const parts = [`Elapsed ${formatDuration(elapsed)}`];
    if (running && progress.etaSeconds !== undefined) parts.push(`ETA ${formatDuration(progress.etaSeconds * 1000)}`);
    if (progress.queueDepth !== undefined) parts.push(`Queue depth ${formatCount(progress.queueDepth)}`);
    if (progress.tokensPerSecond !== undefined) parts.push(formatRate(progress.tokensPerSecond));
    const existing = progress.existingGroups;
    if (existing > 0) parts.push(`${formatCount(existing)} group${existing === 1 ? '' : 's'} already on the server: fetched, not re-sent`);
    setText(stats, parts.join(' · '));
  }

  return {
    element: root,
    showRun(header) {
      setText(title, header.title);
      const sourceParts = [header.sourceLabel, header.parentRunId === undefined ? undefined : `Retry of run ${header.parentRunId}`];
      setText(source, sourceParts.filter((part) => part !== undefined).join(' · '));
      source.hidden = source.textContent === '';
      setText(parameters, `${formatParameters(header)} · created ${formatCreated(header.createdAt)}`);
      setText(temperatureNote, header.temperatureNote ?? '');
      temperatureNote.hidden = header.temperatureNote === undefined;
      warnings.replaceChildren(...(header.warnings ?? []).map((warning) => element('li', 'warning', warning)));
      warnings.hidden = warnings.childElementCount === 0;
    },
    showProgress(next) {
      progress = next;
      progressAt = performance.now();
      phase.dataset.phase = next.phase;
      setText(phase, PHASE_LABELS[next.phase]);
      setText(runError, next.error ?? '');
      runError.hidden = next.error === undefined;
      renderStats();
      if (next.phase !== 'running') stopTicking();
      else ticker ??= setInterval(renderStats, 1000);
    },
  };
}
