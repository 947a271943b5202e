// What the deployment knows about a batch item beyond its text: token counts and timing from its group's
// request detail (GET /v1/generate/request/{group}, protocol §5.2), asked when the item's detail opens. Batch
// items carry no finish_reason (§11) and older servers have no such route (§0): the panel says so instead.
// No 'vscode' import: it is unit-tested on Node against the simulator.

import { parseRequestId } from '../../core/api/group-id';
import type { RequestDetail, RequestLookup } from '../../core/api/types';
import type { RequestId } from '../../core/runs/ledger-schema';
import type { ServerFactsView } from '../../protocol/results';

/** Asks the deployment about a group; rejects on a transport or server error. */
export type LookupGroup = (groupId: string) => Promise<RequestLookup>;

/** One lookup per group while the panel is open; a group not completed yet is asked again next time. */
export class ServerFacts {
  private readonly lookups = new Map<string, Promise<RequestLookup>>();

  constructor(
    /** undefined when there is no deployment to ask, with why. */
    private readonly lookup: LookupGroup | { unavailable: string },
  ) {}

  async of(requestId: RequestId | null): Promise<ServerFactsView> {
    if (requestId === null) return none('Not on the server yet: this prompt has no request id.');
    const parsed = parseRequestId(requestId);
    if (parsed?.group === undefined) return none('This server numbers its requests (an older ScalarLM): it keeps no request detail to ask about.');
    if ('unavailable' in this.lookup) return none(this.lookup.unavailable);
    const { group } = parsed;
    let asked = this.lookups.get(group);
    if (!asked) {
      asked = this.lookup(group);
      this.lookups.set(group, asked);
    }
    let answer: RequestLookup;
    try {
      answer = await asked;
    } catch (error) {
      this.lookups.delete(group);
      return none(`Could not ask the deployment about this request: ${(error as Error).message}`);
    }
    const facts = factsOf(answer, String(requestId));
    if (!(answer.state === 'found' && statusOf(answer.detail)?.status === 'completed')) this.lookups.delete(group);
    return facts;
  }
}

/** The facts a lookup gives about one request id of its group. */
export function factsOf(answer: RequestLookup, requestId: string): ServerFactsView {
  if (answer.state === 'route-missing') return none('This deployment has no request detail route (an older ScalarLM): token counts and timing are not available.');
  if (answer.state === 'not-found') return none('The deployment no longer has this request: its files were removed.');
  const { detail } = answer;
  const status = statusOf(detail);
  const result = resultOf(detail, requestId);
  const facts: Extract<ServerFactsView, { state: 'found' }> = { state: 'found' };
  if (result) {
    setNumber(facts, 'promptTokens', result.prompt_tokens);
    setNumber(facts, 'completionTokens', result.completion_tokens);
    setNumber(facts, 'totalTokens', result.token_count);
    if (typeof result.finish_reason === 'string') facts.finishReason = result.finish_reason;
  }
  if (typeof detail.request_mtime === 'number') facts.submittedAt = Math.round(detail.request_mtime * 1000);
  if (typeof status?.completed_at === 'number') facts.completedAt = Math.round(status.completed_at * 1000);
  if (typeof status?.status === 'string') facts.groupStatus = status.status;
  setNumber(facts, 'groupSize', status?.total_requests);
  return facts;
}

interface StoredStatus {
  status?: unknown;
  completed_at?: unknown;
  total_requests?: unknown;
}

interface StoredResult {
  token_count?: unknown;
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  finish_reason?: unknown;
}

/** The status file, unless it was replaced by a "too large" or "unreadable" placeholder (§5.2). */
function statusOf(detail: RequestDetail): StoredStatus | undefined {
  const status = detail.status;
  return isRecord(status) && status.error === undefined ? status : undefined;
}

/** The item's entry of the response file: the per-item dict has no prompt and no request id of its own (§5.2). */
function resultOf(detail: RequestDetail, requestId: string): StoredResult | undefined {
  const response = detail.response;
  if (!isRecord(response) || !isRecord(response.results)) return undefined;
  const result = response.results[requestId];
  return isRecord(result) ? result : undefined;
}

function setNumber<K extends 'promptTokens' | 'completionTokens' | 'totalTokens' | 'groupSize'>(facts: Extract<ServerFactsView, { state: 'found' }>, key: K, value: unknown): void {
  if (typeof value === 'number' && Number.isFinite(value)) facts[key] = value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function none(note: string): ServerFactsView {
  return { state: 'none', note };
}
