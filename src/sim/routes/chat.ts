// POST /v1/chat/completions (protocol §6). Streaming requests are proxied (see sse-stream.ts). Non-streaming
// ones go through admission, model resolution and the length check, then the chat queue: the response is
// 200 application/json, chunked, one space per heartbeat interval of waiting, then json.dumps of the
// completion (§6.2). The legacy server had no queue: a plain proxy labelled text/event-stream.

import { randomUUID } from 'node:crypto';
import { sendDetail } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import { Issues, sendValidationError } from '../http/validation';
import { MAX_MODEL_LEN } from '../model/catalog';
import { endsWithToolResult, lastUserText, renderChatTemplate, type TemplateMessage } from '../model/chat-template';
import { samplingKey } from '../model/sampling';
import { countPromptTokens, generate } from '../model/generator';
import { CHAT_ROUTE, type SimRuntime } from '../runtime';
import type { QueuedItem, StoredResult } from '../state/request-files';
import { findModel } from '../training/find-model';
import { pyDumps } from '../wire/python-json';
import { adaptorOf, parseChatRequest, type ChatRequest } from './openai-request';
import { modelNotFoundBody, vllmCompletion } from './vllm-shapes';
import { sendProxiedJson, sendUpstreamError, streamAnswer, upstreamErrorPrefix } from './sse-stream';

const DEFAULT_MAX_OUTPUT_TOKENS = 128;
const OVER_CAPACITY = 'Server is over capacity; retry after the indicated interval.';
/** The WaitEstimator never gets latency samples, so it always assumes 5 s (§6.3). */
const ASSUMED_WAIT_SECONDS = 5.0;
const CHAT_ADMIT_FACTOR = 4;

export function chatRoutes(rt: SimRuntime): Route[] {
  return [{ method: 'POST', path: CHAT_ROUTE, handler: (ctx) => chatCompletions(rt, ctx) }];
}

async function chatCompletions(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  const issues = new Issues();
  const request = parseChatRequest(ctx.body, issues, rt.legacy);
  if (!request) return sendValidationError(ctx.res, issues);
  const prompt = renderChatTemplate(request.messages as unknown as TemplateMessage[]);
  if (request.stream || rt.legacy) {
    // Proxied: vLLM picks its own model for an omitted name and knows nothing of `latest`.
    const model = request.model ?? rt.options.model;
    if (!rt.catalog.isServed(model)) return sendUpstreamError(ctx.res, upstreamErrorPrefix('chat', rt.legacy), modelNotFoundBody(model));
    const maxTokens = request.maxTokens ?? MAX_MODEL_LEN - countPromptTokens(prompt);
    const generation = generate(prompt, maxTokens, rt.options.seed, { tools: request.body.tools, ...adaptorOf(rt, model, [prompt, lastUserText(request.messages)]), sampling: samplingKey(request.body), afterToolResult: endsWithToolResult(request.messages) });
    if (request.stream) return streamAnswer(rt, ctx, { kind: 'chat', model, prompts: [prompt], generations: [generation] });
    const waited = rt.options.zeroLatency || (await rt.timers.sleep((generation.completionTokens / rt.options.tokensPerSecond) * 1000, ctx.signal));
    if (waited) sendProxiedJson(ctx.res, vllmCompletion('chat', model, [generation]));
    return;
  }
  return queuedChat(rt, ctx, request, prompt);
}

async function queuedChat(rt: SimRuntime, ctx: RequestContext, request: ChatRequest, prompt: string): Promise<void> {
  const { res, signal } = ctx;
  const { metrics } = rt;
  // Admission runs first and reads the drifting in-memory counter, not /metrics' queue_depth (§6.3).
  const depth = metrics.inMemoryDepth;
  if (depth + metrics.chatInFlight > rt.options.admissionLimit) {
    metrics.recordChatRejected();
    return sendDetail(res, 429, OVER_CAPACITY, { 'retry-after': retryAfterSeconds(depth, rt.options.admissionLimit) });
  }
  const model = findModel(rt.catalog, rt.training, request.model);
  if (!model) return sendDetail(res, 404, `Model ${request.model} not found`);
  // find_model accepts a registered adaptor, then vLLM's /tokenize rejects one it has not loaded (training.md §5).
  if (!rt.catalog.isServed(model)) return sendDetail(res, 404, `The model \`${model}\` does not exist.`);
  const maxTokens = request.maxTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const promptTokens = countPromptTokens(prompt);
  if (promptTokens + maxTokens > MAX_MODEL_LEN) {
    const total = promptTokens + maxTokens;
    return sendDetail(res, 400, `Request too long: prompt_tokens=${promptTokens} + max_tokens=${maxTokens} = ${total} > max_model_length=${MAX_MODEL_LEN}. Reduce the prompt or max_tokens.`);
  }

  metrics.recordChatAdmitted();
  metrics.chatInFlight++;
  const started = Date.now();
  const correlationId = randomUUID();
  const endless = rt.faults.take(['heartbeat-forever'], ctx.url.pathname, ctx.body.toString('utf8'));
  const answer = new Promise<StoredResult | undefined>((resolve) => {
    // A client that leaves unregisters its future; the queued work still runs (§6.2).
    const unsubscribe = endless ? () => undefined : rt.deployment.onChatResult(correlationId, resolve);
    signal.addEventListener('abort', () => {
      unsubscribe();
      resolve(undefined);
    }, { once: true });
  });
  const item: QueuedItem = {
    prompt,
    model,
    max_tokens: maxTokens,
    request_type: 'generate',
    // The default max_tokens is written into the request (§6.3).
    chat_request: { ...request.body, model, ...(request.maxTokens === undefined ? { max_tokens: maxTokens } : {}) },
    correlation_id: correlationId,
  };
  rt.chatCoalescer.add(item);

  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
  const stopHeartbeat = rt.timers.every(rt.options.heartbeatIntervalMs, () => res.write(' '));
  const result = await answer;
  stopHeartbeat();
  metrics.chatInFlight--;
  if (!result) return;
  metrics.recordChatDuration((Date.now() - started) / 1000);
  res.end(pyDumps(chatCompletionBody(result, model)));
}

/** max(1, int(5.0 x max(0, (depth - max_num_seqs) / max_num_seqs) x 1.5)), max_num_seqs = limit / 4. */
function retryAfterSeconds(depth: number, admissionLimit: number): number {
  const maxNumSeqs = admissionLimit / CHAT_ADMIT_FACTOR;
  return Math.max(1, Math.floor(ASSUMED_WAIT_SECONDS * Math.max(0, (depth - maxNumSeqs) / maxNumSeqs) * 1.5));
}

/** build_chat_completion_response: a worker error is still a 200, with finish_reason "error" and a top-level error. */
function chatCompletionBody(result: StoredResult, model: string): unknown {
  const error = result.error;
  const toolCalls = error === undefined ? result.tool_calls : undefined;
  // A chat item is never answered with a vector (the embedding marker is for /v1/generate prompts only).
  let content: string | null = error === undefined && typeof result.response === 'string' ? result.response : '';
  if (toolCalls && !content) content = null;
  // 0s unless the worker reported counts (§6.2).
  const promptTokens = result.prompt_tokens ?? 0;
  const completionTokens = result.completion_tokens ?? 0;
  const message: Record<string, unknown> = { role: 'assistant', content };
  if (error === undefined && result.reasoning !== undefined) message.reasoning = result.reasoning;
  if (toolCalls !== undefined) message.tool_calls = toolCalls;
  const body: Record<string, unknown> = {
    // The builder wants chatcmpl-<request_id>, but the stored result has no request_id (§6.2).
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: result.finish_reason || (error === undefined ? 'stop' : 'error'), logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
  if (error !== undefined) body.error = { message: error, type: 'worker_error' };
  return body;
}
