// Chat answers earlier runs of the same experiment had: a cell asking exactly the same (request and repeat)
// takes the answer instead of asking again, so re-running an unchanged experiment sends nothing, as the
// batch queue does for its cells. Only answers that came back ok are taken.

import type { ChatAnswerRecord } from '../batch/run-context';
import { readLedgerLines } from '../runs/ledger-file';
import type { RunStore } from '../runs/run-store';

export function earlierAnswers(store: RunStore, source: string, exceptRunId?: string): Map<string, ChatAnswerRecord> {
  const answers = new Map<string, ChatAnswerRecord>();
  for (const run of store.list()) {
    if (run.runId === exceptRunId || run.source !== source || !run.experiment) continue;
    const keys = new Map<number, string>();
    for (const { event } of readLedgerLines(run.ledgerPath)) {
      if (event.t === 'group' && event.transport === 'chat' && event.expectedId) keys.set(event.g, event.expectedId);
      if (event.t !== 'item' || event.s !== 'ok') continue;
      const key = keys.get(event.g);
      if (key === undefined || answers.has(key)) continue;
      answers.set(key, { response: event.r ?? '', ...(event.u ? { usage: event.u } : {}), ...(event.ms !== undefined ? { ms: event.ms } : {}), ...(event.f ? { finish: event.f } : {}) });
    }
  }
  return answers;
}
