// Waits for a condition by polling it, up to a bound: never a fixed sleep standing in for a condition.

import { screenshot } from './page';

const POLL_MS = 50;

export interface WaitOptions {
  timeoutMs: number;
  /** What is awaited, for the timeout message: "the metrics webview to show the queue depth". */
  what: string;
  /** How often to look (50 ms unless said): a figure that must not be disturbed by the looking looks less often. */
  everyMs?: number;
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Resolves with the condition's first truthy value (so a wait can also fetch what it waited for).
 * An error thrown by the condition ends the wait: it is a failure, not a "not yet".
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): Promise<Truthy<T>> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Truthy<T>;
    if (Date.now() >= deadline) throw await timedOut(options);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? POLL_MS));
  }
}

/**
 * Clicks until the click has had its effect. A click that lands while a list re-renders under the pointer, or just
 * before a panel takes focus and closes the box it opened, is lost, as it would be for a person, who clicks again.
 * Each click gets `perClickMs` to show its effect; a retry only follows a click that visibly did nothing.
 */
export async function clickUntil(click: () => Promise<void>, effect: () => unknown, options: WaitOptions & { perClickMs?: number }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const perClickMs = options.perClickMs ?? 3_000;
  for (;;) {
    await click();
    const clickDeadline = Math.min(deadline, Date.now() + perClickMs);
    for (;;) {
      if (await effect()) return;
      if (Date.now() >= clickDeadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (Date.now() >= deadline) throw await timedOut(options);
  }
}

/** What the screen showed when the wait gave up: the failure hook's screenshot comes after the test's clean-up. */
async function timedOut(options: WaitOptions): Promise<Error> {
  const shot = await screenshot(`timeout ${options.what}`).catch(() => 'no screenshot');
  return new Error(`Timed out after ${options.timeoutMs} ms waiting for ${options.what} (screen: ${shot}).`);
}
