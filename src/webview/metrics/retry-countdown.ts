// The live end of the "Unreachable" line. DOM-free.

import type { ViewState } from '../../protocol/metrics';

/**
 * " Retrying in 8 s." while a retry is due, " Retrying now." once it is, "" for any other state. A sentence
 * of its own because the host's error text is one (the core's errors end with what to do next).
 */
export function retryCountdown(state: ViewState | undefined, hostNow: number): string {
  if (state?.retryAt === undefined) return '';
  const seconds = Math.ceil((state.retryAt - hostNow) / 1000);
  return seconds > 0 ? ` Retrying in ${seconds} s.` : ' Retrying now.';
}
