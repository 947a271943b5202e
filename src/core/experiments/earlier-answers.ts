// Chat answers earlier runs of the same experiment had: a cell asking exactly the same (request and repeat)
// takes the answer instead of asking again, so re-running an unchanged experiment sends nothing, as the
// batch queue does for its cells. Only answers that came back ok are taken.

import type { ChatAnswerRecord } from '../batch/run-context';
import { batchItemKey } from '../batch/earlier-items';
import type { RequestId } from '../runs/ledger-schema';
import { readRunHeader } from '../runs/ledger-book';
import { RunProjection } from '../runs/run-projection';
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

/** The request ids of batch cells earlier runs of the same experiment had answered, by batchItemKey. */
export function earlierBatchItems(store: RunStore, source: string, exceptRunId?: string): Map<string, RequestId> {
  const items = new Map<string, RequestId>();
  for (const run of store.list()) {
    if (run.runId === exceptRunId || run.source !== source || !run.experiment) continue;
    const columns = readRunHeader(run.ledgerPath).experiment?.columns ?? [];
    RunProjection.eachItem(run.ledgerPath, (item) => {
      const column = item.cell ? columns[item.cell[0]] : undefined;
      if (item.status !== 'ok' || item.requestId === null || item.prompt === undefined || column?.transport !== 'batch' || !column.model) return;
      const key = batchItemKey(item.prompt, column.model, column.maxTokens);
      if (!items.has(key)) items.set(key, item.requestId);
    });
  }
  return items;
}
