// Takes one group from wherever the ledger left it to a settled block of item lines: look it up on the
// server (a group it already holds is fetched, never sent again), submit it (or reconcile an ambiguous
// submit), then long-poll get_results until every item is done, the deadline passes or the run stops.
// Every step is written to the ledger before the next one starts.

import type { GenerateRequest, GenerateResult } from '../api/types';
import { generateBody } from '../runs/group-request';
import type { GroupRecord } from '../runs/ledger-state';
import { reconcileGroup, type ReconcileResult } from './reconcile';
import { expandIds, groupOf, idsInPromptOrder, storeIds } from '../runs/request-ids';
import { sleep } from '../api/sleep';
import { classifySubmitFailure } from './submit-errors';
import type { BatchParams, LedgerEvent, RequestId } from '../runs/ledger-schema';
import type { ItemStatus } from '../runs/ledger-schema';
import { itemsEvent, type BlockItems } from '../runs/ledger-blocks';
import { settleChatCell } from './chat-cell';
import type { BatchTiming, RunContext } from './run-context';
import { isUnknownModel, unknownModelError } from './deployment-model';
import { batchItemKey } from './earlier-items';

// Pauses between answers that brought nothing, from servers that do not hold get_results open.
const QUIET_PAUSE_MS = 100;
const QUIET_PAUSE_MAX_MS = 2000;

type Ids = { ids: RequestId[]; firstAnswer?: readonly GenerateResult[] };

export async function settleGroup(ctx: RunContext, group: GroupRecord): Promise<void> {
  if (group.transport === 'chat') return settleChatCell(ctx, group);
  const obtained = group.submitted ? { ids: expandIds(group.submitted.ids) } : await obtainIds(ctx, group);
  if (obtained) await pollUntilSettled(ctx, group, obtained);
}

async function obtainIds(ctx: RunContext, group: GroupRecord): Promise<Ids | undefined> {
  // A `submit` with no `submitted` after it: the process died mid-submit, so the outcome is unknown;
  // unless the user asked to send it again regardless, or the server was found not to have it.
  let mustReconcile = group.submitAttempts > 0 && !group.resubmitRequested && !group.confirmedAbsent;
  // Nothing sent yet in this run: the server may hold the group from an earlier run (protocol §10.2), under
  // the id computed here, or under the one an earlier run of the same prompts was given.
  const firstSend = group.submitAttempts === 0 && !group.resubmitRequested;
  if (firstSend && ctx.earlierBatchItems) {
    const earlier = await answeredBefore(ctx, group);
    if (earlier === 'stopped') return undefined;
    if (earlier) return { ids: earlier };
  }
  let knownId = group.expectedId ?? (group.key !== undefined ? ctx.knownGroup(group.key) : undefined) ?? null;
  if (knownId === null && group.key !== undefined && firstSend) {
    // No ledger here remembers it (a new window, another machine, another config): ask the server's list.
    const listed = await findListed(ctx, group);
    if (listed === 'stopped') return undefined;
    knownId = listed ?? null;
  }
  let mayExist = knownId !== null && firstSend;
  let resubmits = 0;
  let failures = 0;
  let lastError = '';
  for (;;) {
    if (mustReconcile) {
      const found = await reconcile(ctx, group);
      if (found === 'stopped' || found.outcome === 'unknown') return undefined;
      if (found.outcome === 'present') return { ids: found.ids ?? [] };
      if (++resubmits > ctx.timing.maxResubmits) {
        writeBlock(ctx, group, sameForAll(group, 'unsent', `Not submitted: ${resubmits} submits failed before reaching the server. Last error: ${lastError}`));
        return undefined;
      }
      mustReconcile = false;
      mayExist = false;
    }
    if (ctx.halt.aborted) return undefined;
    try {
      await ctx.pacer.gate(ctx.halt);
      await ctx.ready?.();
    } catch {
      return undefined;
    }
    // A group whose id only the server knows is claimed by its content: an identical one of this run waits,
    // then takes the id the first was given.
    const release = knownId !== null ? await ctx.existing.claim(knownId) : group.key !== undefined ? await ctx.existing.claim(`content:${group.key}`) : undefined;
    const sameContent = knownId === null && group.key !== undefined && firstSend ? ctx.listed.submitted(group.key) : undefined;
    if (sameContent !== undefined) {
      knownId = sameContent;
      mayExist = true;
    }
    try {
      if (mayExist && knownId !== null) {
        const held = await lookUp(ctx, group, knownId);
        if (held === 'stopped') return undefined;
        if (held === 'retry') {
          if (++failures >= ctx.timing.maxConsecutiveFailures || !(await pause(ctx, failures))) return undefined;
          continue;
        }
        mayExist = false;
        if (held) {
          recordSubmitted(ctx, group, held, '', true);
          return { ids: held };
        }
      }
      const submitted = await submit(ctx, group);
      if ('ids' in submitted) {
        const groupId = groupOf(submitted.ids[0]);
        if (group.key !== undefined && groupId !== null) ctx.listed.learn(group.key, groupId);
        return submitted;
      }
      lastError = submitted.error;
      switch (submitted.next) {
        case 'stop':
          return undefined;
        case 'reconcile':
          mustReconcile = true;
          continue;
        case 'retry':
          if (++failures >= ctx.timing.maxConsecutiveFailures) {
            ctx.fail(submitted.cause);
            return undefined;
          }
          if (!(await pause(ctx, failures))) return undefined;
      }
    } finally {
      release?.();
    }
  }
}

/**
 * The request ids of an earlier run's answers to every prompt of this group (a regrouped rerun of some cells),
 * when the server still holds each of their groups: they are fetched, not sent again.
 */
async function answeredBefore(ctx: RunContext, group: GroupRecord): Promise<RequestId[] | undefined | 'stopped'> {
  const { model, max_tokens } = group.params ?? ctx.params;
  if (!model || !group.prompts) return undefined;
  const ids = group.prompts.map((prompt) => ctx.earlierBatchItems?.get(batchItemKey(prompt, model, max_tokens)));
  if (ids.some((id) => id === undefined)) return undefined;
  const held = ids as RequestId[];
  try {
    for (const groupId of new Set(held.map(groupOf))) {
      if (groupId === null || (await ctx.api.lookupRequest(groupId, { signal: ctx.halt })).data.state !== 'found') return undefined;
    }
  } catch (error) {
    if (ctx.halt.aborted) return 'stopped';
    ctx.log(`Group ${group.g}: could not ask whether the server still holds earlier answers: ${(error as Error).message}`);
    return undefined;
  }
  ctx.log(`Group ${group.g}: an earlier run had these prompts answered: fetching them instead of sending them again.`);
  ctx.book.append([{ t: 'submitted', g: group.g, groupId: null, ids: storeIds(held), traceId: '', at: Date.now(), existing: true }]);
  return held;
}

/** The id under which the server lists this group's batch, when it does; a failed look sends as before. */
async function findListed(ctx: RunContext, group: GroupRecord): Promise<string | undefined | 'stopped'> {
  try {
    const found = await ctx.listed.find({ prompts: group.prompts ?? [], params: group.params ?? ctx.params }, ctx.halt);
    if (found) ctx.log(`Group ${group.g}: the server lists this batch as ${found}.`);
    return found;
  } catch (error) {
    if (ctx.halt.aborted) return 'stopped';
    ctx.log(`Group ${group.g}: could not read the server's list of batches: ${(error as Error).message}`);
    return undefined;
  }
}

/** The group's ids when the server already holds it; undefined when it does not; `retry` after a failed look. */
async function lookUp(ctx: RunContext, group: GroupRecord, groupId: string): Promise<RequestId[] | undefined | 'retry' | 'stopped'> {
  try {
    const ids = await ctx.existing.find(groupId, group.count, ctx.halt);
    if (ids) ctx.log(`Group ${group.g}: the server already holds ${groupId}: fetching its results instead of sending it again.`);
    return ids;
  } catch (error) {
    if (ctx.halt.aborted) return 'stopped';
    ctx.log(`Group ${group.g}: could not ask the server whether it holds the group yet: ${(error as Error).message}`);
    return 'retry';
  }
}

type SubmitOutcome = Ids | { next: 'stop' | 'reconcile' | 'retry'; error: string; cause: Error };

/** One POST of the group, and what to do next when it did not give the group's ids. */
async function submit(ctx: RunContext, group: GroupRecord): Promise<SubmitOutcome> {
  ctx.book.append([{ t: 'submit', g: group.g, at: Date.now() }]);
  try {
    const answer = await ctx.api.generate(generateRequest(group, group.params ?? ctx.params), { signal: ctx.halt });
    const ids = idsInPromptOrder(answer.data.results, group.count);
    if (!ids) {
      const error = `the answer had ${answer.data.results.length} results for ${group.count} prompts`;
      ctx.log(`Group ${group.g}: ${error}; checking what the server has before anything is resent.`);
      return { next: 'reconcile', error, cause: new Error(error) };
    }
    recordSubmitted(ctx, group, ids, answer.traceId);
    return { ids, firstAnswer: answer.data.results };
  } catch (caught) {
    const error = caught as Error;
    if (ctx.halt.aborted) return { next: 'stop', error: error.message, cause: error };
    const failure = classifySubmitFailure(error);
    ctx.log(`Group ${group.g}: submit failed (${failure}): ${error.message}`);
    if (failure === 'fatal') {
      // The server answered and refused: it does not have the group, and no group of this run would fare better.
      const model = (group.params ?? ctx.params).model;
      const reason = isUnknownModel(error) && model ? await unknownModelError(ctx.api, model) : error;
      writeBlock(ctx, group, sameForAll(group, 'unsent', reason.message));
      ctx.fail(reason);
      return { next: 'stop', error: reason.message, cause: reason };
    }
    if (failure === 'group-error') {
      writeBlock(ctx, group, sameForAll(group, 'error', error.message));
      return { next: 'stop', error: error.message, cause: error };
    }
    return { next: failure === 'ambiguous' ? 'reconcile' : 'retry', error: error.message, cause: error };
  }
}

/** After a cancel cut a submit off: whether the server got the group, recorded (present, absent or unknown). */
export async function reconcileCutOff(ctx: RunContext, group: GroupRecord): Promise<void> {
  await reconcile(ctx, group);
}

function generateRequest(group: GroupRecord, params: BatchParams): GenerateRequest {
  if (!group.prompts) throw new Error(`Group ${group.g} has no prompts left in the ledger to submit.`);
  return generateBody(group.prompts, params);
}

function recordSubmitted(ctx: RunContext, group: GroupRecord, ids: RequestId[], traceId: string, existing = false): void {
  const groupId = groupOf(ids[0]);
  if (group.expectedId !== null && groupId !== null && groupId !== group.expectedId) {
    ctx.log(`Group ${group.g}: the server named it ${groupId}, not ${group.expectedId} as computed here.`);
  }
  ctx.book.append([{ t: 'submitted', g: group.g, groupId, ids: storeIds(ids), traceId, at: Date.now(), ...(existing ? { existing: true as const } : {}) }]);
}

/** Asks the server whether it has the group; retries its own transient failures. */
async function reconcile(ctx: RunContext, group: GroupRecord): Promise<ReconcileResult | 'stopped'> {
  for (let failures = 1; ; failures++) {
    if (ctx.halt.aborted) return 'stopped';
    try {
      const result = await reconcileGroup(
        ctx.api,
        { expectedId: group.expectedId, count: group.count, prompts: group.prompts, submitAt: group.lastSubmitAt ?? Date.now() },
        { signal: ctx.halt, graceMs: ctx.timing.reconcileGraceMs, clockSkewMs: ctx.timing.clockSkewMs, sleep },
      );
      const event: LedgerEvent = {
        t: 'reconciled',
        g: group.g,
        outcome: result.outcome,
        via: result.via,
        certainty: result.certainty,
        note: result.note,
        ...(result.groupId ? { groupId: result.groupId } : {}),
      };
      ctx.book.append([event]);
      ctx.pacer.answered();
      ctx.log(`Group ${group.g}: ${result.note}`);
      if (result.outcome === 'present' && result.ids) recordSubmitted(ctx, group, result.ids, '');
      if (result.outcome === 'unknown') {
        // The ids the group has on the server if it got there, when they can be computed.
        const ids = group.expectedId ? { group: group.expectedId, style: 'padded' as const, count: group.count } : null;
        writeBlock(ctx, group, { ...sameForAll(group, 'unknown', result.note), ids });
      }
      return result;
    } catch (error) {
      if (ctx.halt.aborted) return 'stopped';
      if (!ctx.pacer.failedToAnswer(error)) ctx.log(`Group ${group.g}: could not check the server for it yet: ${(error as Error).message}`);
      if (failures >= ctx.timing.maxConsecutiveFailures || !(await pause(ctx, failures))) return 'stopped';
    }
  }
}

async function pollUntilSettled(ctx: RunContext, group: GroupRecord, { ids, firstAnswer }: Ids): Promise<void> {
  const positions = new Map(ids.map((id, k) => [String(id), k]));
  const statuses: ItemStatus[] = new Array<ItemStatus>(group.count).fill('pending');
  const responses: (string | null)[] = new Array<string | null>(group.count).fill(null);
  const errors: (string | null)[] = new Array<string | null>(group.count).fill(null);
  let pending = group.count;
  let unanswered: RequestId[] = [];

  const merge = (results: readonly GenerateResult[]): boolean => {
    let ok = 0;
    let failed = 0;
    const answered = new Uint8Array(group.count);
    for (const result of results) {
      const k = positions.get(String(result.request_id));
      if (k === undefined) continue;
      answered[k] = 1;
      if (statuses[k] !== 'pending') continue;
      // "error present and not null" is a failure, even the empty string of older servers (protocol §3).
      if (result.error !== null && result.error !== undefined) {
        statuses[k] = 'error';
        errors[k] = result.error;
        responses[k] = result.response ?? null;
        failed++;
      } else if (result.response !== null && result.response !== undefined) {
        statuses[k] = 'ok';
        responses[k] = result.response;
        ok++;
      }
    }
    pending -= ok + failed;
    if (ok + failed > 0) ctx.itemsFinished(group.g, ok, failed);
    // Ask explicitly for ids the server left out, in case it answers only what it was asked.
    unanswered = ids.filter((_, k) => statuses[k] === 'pending' && answered[k] === 0);
    return ok + failed > 0;
  };

  if (firstAnswer) merge(firstAnswer);
  let failures = 0;
  let quietAnswers = 0;
  while (pending > 0 && !ctx.halt.aborted) {
    const started = Date.now();
    try {
      const answer = await ctx.api.getResults(idsToAsk(ids, statuses, unanswered), { signal: ctx.halt });
      ctx.pacer.answered();
      failures = 0;
      const progressed = merge(answer.data.results);
      quietAnswers = progressed ? 0 : quietAnswers + 1;
      // The real server holds get_results for up to 60 s; one that answers at once needs a pause.
      if (!progressed && Date.now() - started < ctx.timing.fastAnswerMs && !(await backoff(ctx.halt, quietAnswers, QUIET_PAUSE_MS, QUIET_PAUSE_MAX_MS))) break;
    } catch (error) {
      if (ctx.halt.aborted) break;
      failures++;
      if (!ctx.pacer.failedToAnswer(error)) ctx.log(`Group ${group.g}: polling failed (${failures} in a row): ${(error as Error).message}`);
      if (failures >= ctx.timing.maxConsecutiveFailures) {
        ctx.log(`Group ${group.g}: giving up polling for now; its unfinished items stay pending with their ids.`);
        break;
      }
      if (!(await pause(ctx, failures))) break;
    }
  }
  writeBlock(ctx, group, { statuses, responses, errors });
}

/** One id brings a whole group back (protocol §2); integer ids of older servers are asked for one by one. */
function idsToAsk(ids: RequestId[], statuses: readonly ItemStatus[], unanswered: RequestId[]): RequestId[] {
  const open = ids.filter((_, k) => statuses[k] === 'pending');
  if (typeof ids[0] === 'number') return open;
  return [...new Set([open[0], ...unanswered])];
}

/** Pauses before retrying a failed call, longer after each failure; false when the run stopped meanwhile. */
function pause(ctx: RunContext, failures: number): Promise<boolean> {
  return pauseAfter(ctx.timing, failures, ctx.halt);
}

export function pauseAfter(timing: BatchTiming, failures: number, stop: AbortSignal): Promise<boolean> {
  return backoff(stop, failures, timing.retryBaseMs, timing.retryMaxMs);
}

async function backoff(stop: AbortSignal, attempt: number, baseMs: number, maxMs: number): Promise<boolean> {
  const ms = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
  try {
    await sleep(ms, stop);
    return true;
  } catch {
    return false;
  }
}

/** Every item of the group in one state, with one text. */
function sameForAll(group: GroupRecord, status: ItemStatus, error: string): BlockItems {
  return { statuses: new Array<ItemStatus>(group.count).fill(status), errors: new Array<string>(group.count).fill(error) };
}

/** Writes the group's items as one line: the group's settled state. */
function writeBlock(ctx: RunContext, group: GroupRecord, items: BlockItems): void {
  ctx.book.append([itemsEvent(group.g, items)]);
}
