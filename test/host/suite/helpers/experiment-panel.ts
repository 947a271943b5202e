// The experiment panel as its tests read it: which phase its run shows, and a simulator for a suite of them.

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

/** `[[sim:respond=...]]` makes the simulator answer exactly this: the matrix shows which cell got which prompt. */
export function respond(text: string): string {
  return `[[sim:respond=${text}]]`;
}

/** A simulator for a suite of experiment tests, the panel closed after each; `exampleJobs` as useSuiteSimulator's. */
export function useExperimentSimulator({ exampleJobs = false }: { exampleJobs?: boolean } = {}) {
  return useSuiteSimulator({ args: ['--tokens-per-second', '2000', '--slots', '16'], exampleJobs, settings: { maxTokens: 32, 'metrics.intervalSeconds': 1 }, panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' } });
}
