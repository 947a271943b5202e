// An experiment cell's request, as code to copy: a batch cell's group (the body it went out in, with the
// other cells of its group), or a chat cell's own chat completion. No 'vscode' import: it is unit-tested on Node.

import { chatRequestFor } from '../../core/batch/chat-cell';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { groupSnippet, type GroupSnippet } from '../batch/group-snippet';

export function cellSnippet(run: RunProjection, item: RunItem, headers: Readonly<Record<string, string>>): GroupSnippet {
  const record = run.state.groups[item.group];
  if (record?.transport !== 'chat') return groupSnippet(run, item.group, headers);
  if (item.prompt === undefined) return { ok: false, problem: 'The ledger no longer holds the prompt of this cell.' };
  const { header } = run;
  return {
    ok: true,
    group: item.group,
    request: {
      method: 'POST',
      url: `${header.baseUrl}/v1/chat/completions`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: { ...chatRequestFor(item.prompt, record.params ?? header.params), stream: false },
      kind: 'chat',
    },
  };
}
