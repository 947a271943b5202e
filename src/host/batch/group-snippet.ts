// A batch group's request, as code to copy: the deployment the run went to, the body the group is sent as
// (core/runs/group-request.ts), and the headers the client sends, the gateway token as a placeholder. No
// 'vscode' import: it is unit-tested on Node.

import type { SnippetRequest } from '../../core/snippets';
import { GENERATE_ROUTE, generateBody } from '../../core/runs/group-request';
import type { RunProjection } from '../../core/runs/run-projection';

export type GroupSnippet = { ok: true; request: SnippetRequest; group: number } | { ok: false; problem: string };

/**
 * Group `group` of a run read with its prompts kept (`keepItems`). `headers`: the extra headers requests carry
 * now (settings and the token's placeholder); the ledger does not keep the headers a run was sent with.
 */
export function groupSnippet(run: RunProjection, group: number, headers: Readonly<Record<string, string>>): GroupSnippet {
  const record = run.state.groups[group];
  if (!record) return { ok: false, problem: 'This prompt was never planned into a group, so no request holds it: resuming the run sends it.' };
  if (record.transport === 'chat') return { ok: false, problem: `Group ${group} went out as chat completions, one request per prompt, not as a batch.` };
  const prompts = run.items.slice(record.first, record.first + record.count).map((item) => item.prompt);
  if (prompts.some((prompt) => prompt === undefined)) return { ok: false, problem: `The ledger no longer holds the prompts of group ${group}.` };
  const { header } = run;
  return {
    ok: true,
    group,
    request: {
      method: 'POST',
      url: `${header.baseUrl}${GENERATE_ROUTE}`,
      // What the client sends besides its user-agent and trace header (core/api/http.ts).
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: generateBody(prompts as NonNullable<(typeof prompts)[number]>[], record.params ?? header.params),
      kind: 'generate',
    },
  };
}
