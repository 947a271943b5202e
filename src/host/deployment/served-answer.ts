// Whether an adaptor picked before /v1/models lists it answers yet, asked as `scalarlm-lab train --follow` asks:
// through TrainingClient.adaptorAnswer, whose one-token probe is looked up on the deployment before it is posted
// and posted at most once (adaptor-probe.ts), then fetched; and, when it does not answer, what to tell the user.

import { sleep } from '../../core/api/sleep';
import type { AdaptorAnswer, TrainingClient } from '../../core/training';

/** Between two asks of a probe still queued: get_results long-polls on a real server, not on every gateway. */
const ASK_AGAIN_MS = 500;
/** Server text quoted in a notification is cut here. */
const QUOTED_CHARS = 200;

/** Asks until the adaptor answers, its probe is refused, or `signal` ends the wait; then the last answer. */
export async function askServed(training: TrainingClient, hash: string, signal: AbortSignal): Promise<AdaptorAnswer> {
  let answer: AdaptorAnswer = { state: 'waiting' };
  try {
    for (;;) {
      answer = await training.adaptorAnswer(hash, { signal });
      if (answer.state !== 'waiting' || answer.requestId === undefined) return answer;
      await sleep(ASK_AGAIN_MS, signal);
    }
  } catch (error) {
    if (signal.aborted) return answer;
    throw error;
  }
}

/** "adaptor 1a2b3c4d is not served yet: …; requests naming it fail until it is." */
export function notServedYetWords(label: string, answer: Exclude<AdaptorAnswer, { state: 'answers' }>): string {
  if (answer.state === 'refused') {
    const said = answer.error.length > QUOTED_CHARS ? `${answer.error.slice(0, QUOTED_CHARS)}…` : answer.error;
    return (
      `${label} is not served: its training is complete, but this deployment has not loaded it (its one probe request, ${String(answer.requestId)}, answered "${said}"). ` +
      'Requests naming it fail until the deployment is restarted and loads it.'
    );
  }
  const why = answer.requestId === undefined ? 'the deployment does not know the model yet' : `its one probe request (${String(answer.requestId)}) is still queued on the deployment; it was not sent again`;
  return `${label} is not served yet: its training is complete, but ${why}. Requests naming it fail until it is served (usually within a minute or two).`;
}
