// The experiment panel as its tests read it: which phase its run shows, what its comparison bar says, and a
// simulator for a suite of them.

import { webviewEval, webviewQuery } from './page';
import { useSuiteSimulator } from './suite-simulator';
import { waitFor } from './wait';

/** Text the experiment panel's page shows (its webview is found by it). */
export const EXPERIMENT_PANEL = 'scalarlm-experiment';

export async function experimentPhase(): Promise<string | undefined> {
  return (await webviewQuery(EXPERIMENT_PANEL, 'main[data-phase]'))?.count ? webviewEval<string>(EXPERIMENT_PANEL, `document.querySelector('main').dataset.phase`) : undefined;
}

export async function waitForPhase(expected: string, timeoutMs = 30_000): Promise<void> {
  let last: string | undefined;
  await waitFor(async () => (last = await experimentPhase()) === expected, { timeoutMs, what: `the experiment panel to show the run ${expected} (last: ${last})` });
}

/** The comparison bar's visible text; undefined while it is hidden. */
export async function comparisonBar(): Promise<string | undefined> {
  return (await webviewQuery(EXPERIMENT_PANEL, '.comparison-bar:not([hidden])'))?.texts[0];
}

/** Waits for the comparison bar to say `words`, and returns what it says. */
export async function barSaying(words: string, timeoutMs = 30_000): Promise<string> {
  return waitFor(async () => {
    const text = await comparisonBar();
    return text?.includes(words) && text;
  }, { timeoutMs, what: `the comparison bar to say "${words}" (now "${await comparisonBar()}")` });
}

/** `[[sim:respond=...]]` makes the simulator answer exactly this: the matrix shows which cell got which prompt. */
export function respond(text: string): string {
  return `[[sim:respond=${text}]]`;
}

/** A simulator for a suite of experiment tests, the panel closed after each; `exampleJobs` as useSuiteSimulator's. */
export function useExperimentSimulator({ exampleJobs = false }: { exampleJobs?: boolean } = {}) {
  return useSuiteSimulator({ args: ['--tokens-per-second', '2000', '--slots', '16'], exampleJobs, settings: { maxTokens: 32, 'metrics.intervalSeconds': 1 }, panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' } });
}
