// The frame of a run panel's header: the title and phase badge, the source and parameter lines, what
// planning warned of, a run-level error, since when the deployment does not answer, and the stats line, which keeps counting elapsed time between
// progress messages while the run goes (they may be a long poll apart). Each panel writes its own lines.

import type { ExperimentPhase } from '../../protocol/experiments';
import type { RunPhase } from '../../protocol/results';
import { element, setText } from './dom';
import { phaseLabel, unreachableLine } from './run-wording';

export interface HeaderProgress {
  phase: RunPhase | ExperimentPhase;
  elapsedMs: number;
  error?: string;
  /** While running: since when (epoch ms) the deployment does not answer. */
  unreachableSince?: number;
}

export interface RunHeaderFrame {
  readonly element: HTMLElement;
  readonly title: HTMLElement;
  readonly source: HTMLElement;
  readonly parameters: HTMLElement;
  showWarnings(warnings: readonly string[]): void;
  /** `stats` writes the stats line for an elapsed time; while running it is asked again every second. */
  showProgress(progress: HeaderProgress, stats: (elapsedMs: number) => string): void;
}

export function createRunHeaderFrame(loadingTitle: string, signal: AbortSignal): RunHeaderFrame {
  const root = element('header', 'run-header');
  const titleRow = element('div', 'title-row');
  const title = element('h1', 'run-title', loadingTitle);
  const phase = element('span', 'phase');
  phase.id = 'phase';
  // A phase change (complete, failed) is worth announcing; the ticking figures below are not.
  phase.setAttribute('aria-live', 'polite');
  titleRow.append(title, phase);

  const source = element('p', 'run-source');
  const parameters = element('p', 'run-parameters');
  const warnings = element('ul', 'note run-warnings');
  warnings.id = 'run-warnings';
  warnings.hidden = true;
  const runError = element('p', 'run-error');
  runError.id = 'run-error';
  runError.setAttribute('role', 'alert');
  runError.hidden = true;
  const unreachable = element('p', 'note run-unreachable');
  unreachable.id = 'unreachable';
  unreachable.setAttribute('role', 'status');
  unreachable.hidden = true;
  const statsLine = element('p', 'run-stats');
  statsLine.id = 'stats';
  root.append(titleRow, source, parameters, warnings, runError, unreachable, statsLine);

  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicking = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  signal.addEventListener('abort', stopTicking);

  return {
    element: root,
    title,
    source,
    parameters,
    showWarnings(list) {
      warnings.replaceChildren(...list.map((warning) => element('li', 'warning', warning)));
      warnings.hidden = list.length === 0;
    },
    showProgress(progress, stats) {
      const receivedAt = performance.now();
      const running = progress.phase === 'running';
      const down = running ? progress.unreachableSince : undefined;
      const render = () => {
        setText(statsLine, stats(progress.elapsedMs + (running ? performance.now() - receivedAt : 0)));
        if (down !== undefined) setText(unreachable, unreachableLine(down, Date.now()));
      };
      phase.dataset.phase = progress.phase;
      phase.toggleAttribute('data-unreachable', down !== undefined);
      setText(phase, phaseLabel(progress.phase, down !== undefined));
      unreachable.hidden = down === undefined;
      setText(runError, progress.error ?? '');
      runError.hidden = progress.error === undefined;
      render();
      stopTicking();
      if (running) ticker = setInterval(render, 1000);
    },
  };
}
