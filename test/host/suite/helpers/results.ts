// Reading a batch results panel as rendered (see src/webview/results for its DOM).

import { webviewEval, webviewQuery } from './page';
import { waitFor } from './wait';

/** Every results page carries this in its <main data-view>. */
export const RESULTS = 'scalarlm-results';

export async function resultsPhase(): Promise<string | undefined> {
  const found = await webviewQuery(RESULTS, 'main[data-phase]');
  if (!found?.count) return undefined;
  return webviewEval<string>(RESULTS, `document.querySelector('main').dataset.phase`);
}

export async function waitForPhase(phase: string, timeoutMs = 30_000): Promise<void> {
  let last: string | undefined;
  await waitFor(async () => (last = await resultsPhase()) === phase, { timeoutMs, what: `the results panel to show the run ${phase} (last: ${last})` });
}

export async function countOf(status: string): Promise<number> {
  const found = await webviewQuery(RESULTS, `#counts button.chip[data-status="${status}"] .count`);
  return Number(found?.texts[0]?.replace(/,/g, '') ?? NaN);
}

export async function counts(): Promise<Record<string, number>> {
  const statuses = ['ok', 'error', 'pending', 'unknown', 'unsent', 'queued'];
  return Object.fromEntries(await Promise.all(statuses.map(async (s) => [s, await countOf(s)] as const)));
}

/** The text of `selector` in each rendered row, in item order (rows are positioned, not in DOM order). */
export async function rowTexts(selector: string): Promise<string[]> {
  return webviewEval<string[]>(
    RESULTS,
    `[...document.querySelectorAll('.row')].sort((a, b) => a.dataset.index - b.dataset.index).map((row) => row.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`,
  );
}
