// What an interrupted answer is: one cut off on its way by something other than the user's Stop, when the
// window reloads or closes, or its panel is closed. The text that had arrived is kept (the session saves it
// as it streams), the answer is marked `interrupted` with a line saying what cut it, and Retry asks its turn
// again. A saved answer still `waiting` or `streaming` when its conversation is opened was cut off that way:
// no session runs it any more.

import type { Answer } from '../../core/chat/answer';
import type { Turn } from '../../core/chat/conversation';

/** `window`: the window reloaded or closed; `panel`: the conversation's panel was closed. */
export type InterruptCause = 'window' | 'panel';

const WHAT_CUT_IT: Record<InterruptCause, string> = {
  window: 'The window reloaded or closed while this answer was on its way: the text that had arrived is kept. Retry asks again.',
  panel: 'The panel was closed while this answer was on its way: the text that had arrived is kept. Retry asks again.',
};

/** Sent and not finished: waiting for its first token or still streaming. */
export function onItsWay(answer: Answer): boolean {
  return answer.state === 'waiting' || answer.state === 'streaming';
}

/** Marks every answer of these turns still on its way as interrupted by `cause`; true when there was one. */
export function interruptAnswers(turns: readonly Turn[], cause: InterruptCause): boolean {
  let found = false;
  for (const turn of turns) {
    for (const answer of turn.answers) {
      if (!onItsWay(answer)) continue;
      // The figures of a wait or a 429 no longer apply.
      delete answer.waitingMs;
      delete answer.heartbeats;
      delete answer.retryAfterSeconds;
      Object.assign(answer, { state: 'interrupted', error: WHAT_CUT_IT[cause] });
      found = true;
    }
  }
  return found;
}
