// After a submit failed ambiguously (the body may have reached the server: a reset after sending, an idle
// timeout, a gateway error), find out whether the server has the group before anything is sent again:
// POST /v1/generate has no idempotency key, so a blind resend can run every prompt twice.
//
// - With the group id known client-side (protocol §1.3), ask GET /v1/generate/request/{group}; on servers
//   too old for that route, ask get_results for the group (it answers whole groups; unknown -> plain 500).
// - When the id cannot be computed (the server renders {messages} through the model's chat template, or
//   fills in an omitted model), match the rows of list_requests: prompt count, prompt preview, and a time
//   after the submit. The certainty of that match is recorded.
// A "not there" answer is only trusted when it holds twice, a grace period apart: the server may still be
// writing the request when the first look comes.

import type { ScalarLMApi } from '../api/api';
import { HttpStatusError, NonJsonBodyError } from '../api/errors';
import type { PromptEntry, RequestRow } from '../api/types';
import { requestIdFor } from '../api/group-id';
import { idsInPromptOrder } from '../runs/request-ids';
import type { Certainty, ReconcileVia, RequestId } from '../runs/ledger-schema';

export interface ReconcileTarget {
  expectedId: string | null;
  count: number;
  prompts?: readonly PromptEntry[];
  /** When the ambiguous submit started (ms since the epoch, client clock). */
  submitAt: number;
}

export interface ReconcileResult {
  outcome: 'present' | 'absent' | 'unknown';
  via: ReconcileVia;
  certainty: Certainty;
  groupId?: string;
  /** The group's request ids in prompt order, when present. */
  ids?: RequestId[];
  note: string;
}

export interface ReconcileOptions {
  signal?: AbortSignal;
  /** Wait between the two looks that must agree before a group counts as absent. */
  graceMs: number;
  /** Server mtimes come from the server's clock: rows this much older than the submit still count. */
  clockSkewMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export async function reconcileGroup(api: ScalarLMApi, target: ReconcileTarget, options: ReconcileOptions): Promise<ReconcileResult> {
  if (target.expectedId !== null) return reconcileById(api, target.expectedId, target.count, options);
  return reconcileByListing(api, target, options);
}

async function reconcileById(api: ScalarLMApi, groupId: string, count: number, options: ReconcileOptions): Promise<ReconcileResult> {
  const present = (via: ReconcileVia, ids: RequestId[]): ReconcileResult => ({
    outcome: 'present',
    via,
    certainty: 'exact',
    groupId,
    ids,
    note: `The server has group ${groupId}: polling it instead of resubmitting.`,
  });
  const paddedIds = () => Array.from({ length: count }, (_, i) => requestIdFor(groupId, i));

  const first = (await api.lookupRequest(groupId, { signal: options.signal })).data;
  if (first.state === 'found') return present('request-detail', paddedIds());
  if (first.state === 'not-found') {
    await options.sleep(options.graceMs, options.signal);
    const second = (await api.lookupRequest(groupId, { signal: options.signal })).data;
    if (second.state === 'found') return present('request-detail', paddedIds());
    return {
      outcome: 'absent',
      via: 'request-detail',
      certainty: 'exact',
      groupId,
      note: `The server has no request ${groupId} (asked twice, ${options.graceMs} ms apart): resubmitting.`,
    };
  }

  // An older server without the request detail route: get_results answers for a known group (any index
  // of it brings the whole group back) and fails with its plain-text 500 when the group has no status file.
  const probe = async (): Promise<RequestId[] | 'absent' | 'unclear'> => {
    try {
      const answer = (await api.getResults([`${groupId}_0`], { signal: options.signal })).data;
      return idsInPromptOrder(answer.results, count) ?? 'unclear';
    } catch (error) {
      if (error instanceof NonJsonBodyError && error.status === 500) return 'absent';
      if (error instanceof HttpStatusError) return 'unclear';
      throw error;
    }
  };
  const firstProbe = await probe();
  if (Array.isArray(firstProbe)) return present('get-results', firstProbe);
  if (firstProbe === 'absent') {
    await options.sleep(options.graceMs, options.signal);
    const secondProbe = await probe();
    if (Array.isArray(secondProbe)) return present('get-results', secondProbe);
    if (secondProbe === 'absent') {
      return {
        outcome: 'absent',
        via: 'get-results',
        certainty: 'likely',
        groupId,
        note: `This server has no request detail route; get_results does not know group ${groupId} (asked twice): resubmitting.`,
      };
    }
  }
  return unknown('none', `This server can neither show nor rule out group ${groupId} (no request detail route, and get_results gave no clear answer).`);
}

async function reconcileByListing(api: ScalarLMApi, target: ReconcileTarget, options: ReconcileOptions): Promise<ReconcileResult> {
  const since = target.submitAt - options.clockSkewMs;
  // Rows come newest first: every page is read until the rows are older than the submit.
  const look = async (): Promise<RequestRow[] | 'route-missing'> => {
    const rows: RequestRow[] = [];
    try {
      for await (const row of api.allRequests({ signal: options.signal, pageSize: 200 })) {
        if (row.mtime * 1000 < since) break;
        rows.push(row);
      }
      return rows;
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return 'route-missing';
      throw error;
    }
  };
  const candidatesIn = (rows: RequestRow[]) =>
    rows.filter((row) => row.mtime * 1000 >= since && row.request_count === target.count && row.request_type === 'generate');
  const preview = firstPromptText(target.prompts?.[0]);
  const matching = (rows: RequestRow[]) => (preview === undefined ? [] : rows.filter((row) => previewShows(row.prompt_preview, preview)));

  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await options.sleep(options.graceMs, options.signal);
    const rows = await look();
    if (rows === 'route-missing') {
      return unknown('none', 'The group id cannot be computed for {messages} prompts or an omitted model, and this server has no list_requests route to look it up.');
    }
    const candidates = candidatesIn(rows);
    const matches = matching(candidates);
    if (matches.length === 1) {
      const groupId = matches[0].request_id;
      return {
        outcome: 'present',
        via: 'list-requests',
        certainty: 'likely',
        groupId,
        ids: Array.from({ length: target.count }, (_, i) => requestIdFor(groupId, i)),
        note: `Matched list_requests row ${groupId} by prompt count, prompt preview and time: polling it instead of resubmitting.`,
      };
    }
    if (matches.length > 1) {
      return unknown('list-requests', `${matches.length} recent list_requests rows have ${target.count} prompts and match the first prompt: which one is this group cannot be told apart.`);
    }
    // Rows of the same size whose preview does not hold the first prompt are other batches; without a
    // preview to compare, they cannot be ruled out.
    if (candidates.length > 0 && preview === undefined) {
      return unknown('list-requests', `${candidates.length} recent list_requests rows have ${target.count} prompts, and the first prompt has no plain text to compare with their previews.`);
    }
  }
  return {
    outcome: 'absent',
    via: 'list-requests',
    certainty: 'likely',
    note: `No list_requests row after the submit has ${target.count} prompts and the first prompt (looked twice): resubmitting.`,
  };
}

function unknown(via: ReconcileVia, note: string): ReconcileResult {
  return { outcome: 'unknown', via, certainty: 'none', note: `${note} Not resubmitted automatically, so nothing runs twice.` };
}

/** The plain text the server's prompt preview begins with (or holds, after chat-template markup). */
function firstPromptText(entry: PromptEntry | undefined): string | undefined {
  if (entry === undefined) return undefined;
  if (typeof entry === 'string') return entry;
  if ('prompt' in entry) return entry.prompt;
  const content = entry.messages[0]?.content;
  return typeof content === 'string' && content !== '' ? content : undefined;
}

/**
 * Whether a preview (the first 120 characters of the rendered prompt, with '…' when cut) shows this text:
 * from where the text starts in it (after any template markup), as much of the text as fits, exactly.
 */
function previewShows(preview: string, text: string): boolean {
  const shown = preview.endsWith('…') ? preview.slice(0, -1) : preview;
  const probe = text.slice(0, 16);
  for (let at = shown.indexOf(probe); at !== -1; at = shown.indexOf(probe, at + 1)) {
    const rest = shown.slice(at);
    // A short text is followed by the template's closing markup; a long one is cut off by the preview.
    if (rest.startsWith(text) || text.startsWith(rest)) return true;
  }
  return false;
}
