// One model's answer to one turn of a conversation, streamed (SSE) or through the server's queue
// (non-streaming, with heartbeats), reported as it goes: text deltas in order, and the answer's state and
// figures (time to first token, tokens/s, usage). Failures end the answer, never the conversation.

import type { ScalarLMApi } from '../api/api';
import { AbortedError, HttpStatusError, ServerReportedError, StreamIncompleteError } from '../api/errors';
import type { ChatRequest } from '../api/types';
import { sleep } from '../api/sleep';
import { tokensPerSecond } from './answer-rate';
import { LATEST, resolveLatest } from './model-alias';

/**
 * `stopped`: the user pressed Stop. `interrupted`: something else cut the answer off on its way (the window
 * reloaded, its panel closed); never the outcome of `answer()` itself (see host/chat/interruption.ts).
 */
export type AnswerState = 'waiting' | 'streaming' | 'done' | 'stopped' | 'interrupted' | 'error' | 'incomplete';

export interface ToolCall {
  id?: string;
  name?: string;
  arguments: string;
  /** What the user answered the call with (sent as a `tool` message with its id). */
  result?: string;
}

export interface Answer {
  model: string;
  state: AnswerState;
  content: string;
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason?: string;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  timeToFirstTokenMs?: number;
  tokensPerSecond?: number;
  totalMs?: number;
  error?: string;
  /** The call failed before the deployment answered it (unreachable, refused, timed out), not with its own text. */
  fatal?: boolean;
  waitingMs?: number;
  heartbeats?: number;
  retryAfterSeconds?: number;
}

export interface AnswerListener {
  /** Text that arrived, in order. */
  delta(part: { content?: string; reasoning?: string; toolCalls?: ToolCall[] }): void;
  /** The state or figures changed (not for every token). */
  changed(answer: Answer): void;
}

export interface AnswerOptions {
  transport: 'stream' | 'queue';
  signal: AbortSignal;
  /** Overall deadline of the answer. */
  deadlineMs: number;
}

export function emptyAnswer(model: string): Answer {
  return { model, state: 'waiting', content: '', reasoning: '', toolCalls: [] };
}

/** Answers `request`, telling `listener` as it goes; resolves with the final answer, whatever happened. */
export async function answer(api: ScalarLMApi, request: ChatRequest, model: string, options: AnswerOptions, listener: AnswerListener): Promise<Answer> {
  const current = emptyAnswer(model);
  const started = performance.now();
  listener.changed({ ...current });
  try {
    if (options.transport === 'stream') {
      // Streaming goes to vLLM as sent, which knows no "latest": the queue's choice is asked for by name.
      const sent = request.model === LATEST ? { ...request, model: await resolveLatest(api, options.signal) } : request;
      await streamed(api, sent, current, started, options, listener);
    } else await queued(api, request, current, started, options, listener);
    current.state = 'done';
  } catch (error) {
    Object.assign(current, failure(error, options.signal));
  }
  current.totalMs = performance.now() - started;
  const streamedMs = options.transport === 'stream' && current.timeToFirstTokenMs !== undefined ? current.totalMs - current.timeToFirstTokenMs : undefined;
  current.tokensPerSecond = tokensPerSecond({ completionTokens: current.usage?.completionTokens, streamedMs });
  const final = { ...current, toolCalls: current.toolCalls.map((call) => ({ ...call })) };
  listener.changed(final);
  return final;
}

async function streamed(api: ScalarLMApi, request: ChatRequest, current: Answer, started: number, options: AnswerOptions, listener: AnswerListener): Promise<void> {
  const stream = await api.streamChat(request, { signal: options.signal, deadlineMs: options.deadlineMs });
  for await (const event of stream) {
    switch (event.type) {
      case 'content':
      case 'reasoning': {
        if (current.timeToFirstTokenMs === undefined) {
          current.timeToFirstTokenMs = performance.now() - started;
          current.state = 'streaming';
          listener.changed({ ...current });
        }
        current[event.type] += event.text;
        listener.delta({ [event.type]: event.text });
        break;
      }
      case 'tool-call': {
        const call = (current.toolCalls[event.index] ??= { arguments: '' });
        if (event.id) call.id = event.id;
        if (event.name) call.name = event.name;
        call.arguments += event.argumentsDelta;
        listener.delta({ toolCalls: current.toolCalls.map((c) => ({ ...c })) });
        break;
      }
      case 'finish':
        current.finishReason = event.reason;
        break;
      case 'usage':
        current.usage = { promptTokens: event.usage.prompt_tokens, completionTokens: event.usage.completion_tokens, totalTokens: event.usage.total_tokens };
        break;
    }
  }
}

/** The queue path: waits (heartbeats show it), honours one 429 Retry-After visibly, then takes the whole answer. */
async function queued(api: ScalarLMApi, request: ChatRequest, current: Answer, started: number, options: AnswerOptions, listener: AnswerListener): Promise<void> {
  const onHeartbeat = (heartbeats: number, elapsedMs: number) => {
    Object.assign(current, { heartbeats, waitingMs: elapsedMs });
    listener.changed({ ...current });
  };
  const call = () => api.chat(request, { signal: options.signal, deadlineMs: options.deadlineMs - (performance.now() - started), onHeartbeat });
  let completion;
  try {
    completion = (await call()).data;
  } catch (error) {
    if (!(error instanceof HttpStatusError) || error.status !== 429) throw error;
    current.retryAfterSeconds = error.retryAfterSeconds ?? 1;
    listener.changed({ ...current });
    await sleep(current.retryAfterSeconds * 1000, options.signal);
    current.retryAfterSeconds = undefined;
    listener.changed({ ...current });
    completion = (await call()).data;
  }
  // No first token to time: the whole answer comes at once, after the queue's wait (the total says how long).
  const choice = completion.choices[0];
  const message = choice?.message;
  current.content = message?.content ?? '';
  current.reasoning = message?.reasoning ?? message?.reasoning_content ?? '';
  current.toolCalls = (message?.tool_calls ?? []).map(toolCallOf);
  if (choice?.finish_reason) current.finishReason = choice.finish_reason;
  if (completion.usage) {
    const { prompt_tokens, completion_tokens, total_tokens } = completion.usage;
    current.usage = { promptTokens: prompt_tokens, completionTokens: completion_tokens, totalTokens: total_tokens };
  }
  listener.delta({ content: current.content, reasoning: current.reasoning, toolCalls: current.toolCalls });
}

function toolCallOf(raw: unknown): ToolCall {
  const call = raw as { id?: string; function?: { name?: string; arguments?: string } };
  return { ...(call.id ? { id: call.id } : {}), ...(call.function?.name ? { name: call.function.name } : {}), arguments: call.function?.arguments ?? '' };
}

/** How an answer ends when something went wrong: stopped by the user, cut short, or the server's error. */
function failure(error: unknown, signal: AbortSignal): Partial<Answer> {
  if (signal.aborted || error instanceof AbortedError) return { state: 'stopped' };
  if (error instanceof StreamIncompleteError) return { state: 'incomplete', error: error.message };
  if (error instanceof ServerReportedError) return { state: 'error', error: error.serverText || error.message };
  return { state: 'error', error: error instanceof Error ? error.message : String(error), fatal: true };
}
