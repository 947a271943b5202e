// A chat prompt of a run (an experiment's sampled, repeated or tool-using cells): one queue-backed chat
// completion (`stream: false`: vLLM's chat serving with the request as sent, so sampling is honoured,
// protocol §6.2), held back like a batch group while the queue is deep, with its figures in the ledger. An
// answer an earlier run of the same experiment had for the same request (and repeat) is taken, not asked again.

import type { ChatMessage, ChatRequest, PromptEntry } from '../api/types';
import { answer } from '../chat/answer';
import type { GroupRecord } from '../runs/ledger-state';
import type { ChatAnswerRecord, RunContext } from './run-context';
import { storeIds } from '../runs/request-ids';
import type { BatchParams, ChatSampling, LedgerEvent } from '../runs/ledger-schema';

export async function settleChatCell(ctx: RunContext, group: GroupRecord): Promise<void> {
  const params = group.params ?? ctx.params;
  const prompt = group.prompts?.[0];
  if (prompt === undefined) return;
  for (let failures = 0; ; ) {
    if (ctx.halt.aborted) return;
    try {
      await ctx.pacer.gate(ctx.halt);
      await ctx.ready?.();
    } catch {
      return;
    }
    const earlier = group.expectedId !== null ? ctx.earlierAnswers?.get(group.expectedId) : undefined;
    if (earlier) return settled(ctx, group, true, { s: 'ok', r: earlier.response, ...figures(earlier) });

    const started = performance.now();
    const final = await answer(ctx.api, chatRequestFor(prompt, params), params.model ?? '', { transport: 'queue', signal: ctx.halt, deadlineMs: ctx.chatDeadlineMs }, { delta: () => undefined, changed: () => undefined });
    if (final.state === 'stopped') return;
    if (final.fatal) {
      // Nothing reached the deployment: the cell stays unsent (resumable) while it is retried.
      ctx.log(`Chat cell ${group.first}: ${final.error}`);
      if (++failures >= ctx.timing.maxConsecutiveFailures) return ctx.fail(new Error(final.error));
      if (!(await ctx.pause(failures))) return;
      continue;
    }
    const record: ChatAnswerRecord = {
      response: final.content,
      ...(final.usage ? { usage: { p: final.usage.promptTokens, c: final.usage.completionTokens } } : {}),
      ms: Math.round(performance.now() - started),
      ...(final.finishReason ? { finish: final.finishReason } : {}),
    };
    const ok = final.state === 'done';
    ctx.itemsFinished(group.g, ok ? 1 : 0, ok ? 0 : 1);
    return settled(ctx, group, false, ok ? { s: 'ok', r: record.response, ...figures(record) } : { s: 'error', e: final.error ?? `the answer ended ${final.state}`, ...figures(record) });
  }
}

type ChatOutcome = Pick<Extract<LedgerEvent, { t: 'item' }>, 's' | 'r' | 'e' | 'u' | 'ms' | 'f'>;

function settled(ctx: RunContext, group: GroupRecord, existing: boolean, outcome: ChatOutcome): void {
  const counts = { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0 };
  counts[outcome.s]++;
  ctx.book.append([
    { t: 'submitted', g: group.g, groupId: null, ids: storeIds([]), traceId: '', at: Date.now(), ...(existing ? { existing: true as const } : {}) },
    { t: 'item', g: group.g, i: group.first, id: null, ...outcome },
    { t: 'group-done', g: group.g, counts },
  ]);
}

function figures(record: ChatAnswerRecord): Pick<ChatOutcome, 'u' | 'ms' | 'f'> {
  return { ...(record.usage ? { u: record.usage } : {}), ...(record.ms !== undefined ? { ms: record.ms } : {}), ...(record.finish ? { f: record.finish } : {}) };
}

/** The chat completion a chat prompt of a run is sent as (the client adds `stream: false`). */
export function chatRequestFor(prompt: PromptEntry, params: BatchParams & ChatSampling): ChatRequest {
  const messages: ChatMessage[] = typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : 'prompt' in prompt ? [{ role: 'user', content: prompt.prompt }] : prompt.messages;
  return {
    ...params.options,
    messages,
    ...(params.model ? { model: params.model } : {}),
    max_tokens: params.max_tokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.top_p !== undefined ? { top_p: params.top_p } : {}),
    ...(params.stop !== undefined ? { stop: params.stop } : {}),
    ...(params.tools !== undefined ? { tools: params.tools } : {}),
    ...(params.tool_choice !== undefined ? { tool_choice: params.tool_choice } : {}),
  };
}
