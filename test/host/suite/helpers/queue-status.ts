// Waiting for the queue status bar item to read a certain way, as rendered in the workbench.

import { statusBarItem, type StatusBarEntry } from './page';
import { waitFor } from './wait';

export const QUEUE_ITEM = 'scalarlm.queue';

export function waitForQueueStatus(pattern: RegExp, what: string, options: { tooltip?: boolean; timeoutMs?: number } = {}): Promise<StatusBarEntry> {
  let last: StatusBarEntry | undefined;
  return waitFor(
    async () => {
      const entry = await statusBarItem(QUEUE_ITEM, { tooltip: options.tooltip });
      last = entry;
      // Every state of the item has a tooltip; a hover that did not show in time on a loaded machine is read again.
      if (!entry || (options.tooltip && entry.tooltip === undefined)) return undefined;
      return pattern.test(entry.text) ? entry : undefined;
    },
    { timeoutMs: options.timeoutMs ?? 20_000, what: `the queue status to show ${what} (${pattern}); last seen: "${last?.text}"` },
  );
}
