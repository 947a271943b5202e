// Waiting for the queue status bar item to read a certain way, as rendered in the workbench.

import { statusBarItem, type StatusBarEntry } from './page';
import { waitFor } from './wait';

export const QUEUE_ITEM = 'scalarlm.queue';

export function waitForQueueStatus(pattern: RegExp, what: string, options: { tooltip?: boolean; timeoutMs?: number } = {}): Promise<StatusBarEntry> {
  let last: StatusBarEntry | undefined;
  return waitFor(
    async () => {
      last = await statusBarItem(QUEUE_ITEM, { tooltip: options.tooltip });
      return last && pattern.test(last.text) ? last : undefined;
    },
    { timeoutMs: options.timeoutMs ?? 20_000, what: `the queue status to show ${what} (${pattern}); last seen: "${last?.text}"` },
  );
}
