// POST /v1/completions (protocol §6.1): always the raw vLLM proxy. With stream false the body is vLLM's
// plain JSON completion, still chunked and labelled text/event-stream; errors come in the `data: {"error": ...}` event.

import type { RequestContext, Route } from '../http/router';
import { Issues, sendValidationError } from '../http/validation';
import { MAX_MODEL_LEN } from '../model/catalog';
import { countPromptTokens, generate } from '../model/generator';
import type { SimRuntime } from '../runtime';
import { adaptorOf, parseCompletionRequest } from './openai-request';
import { sendProxiedJson, sendUpstreamError, streamAnswer, upstreamErrorPrefix } from './sse-stream';
import { modelNotFoundBody, usageOf, vllmCompletion } from './vllm-shapes';

/** vLLM's own default for an omitted max_tokens on /v1/completions. */
const VLLM_COMPLETION_DEFAULT_MAX_TOKENS = 16;

export function completionRoutes(rt: SimRuntime): Route[] {
  return [{ method: 'POST', path: '/v1/completions', handler: (ctx) => completions(rt, ctx) }];
}

async function completions(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  const issues = new Issues();
  const request = parseCompletionRequest(ctx.body, issues, rt.legacy);
  if (!request) return sendValidationError(ctx.res, issues);
  const model = request.model ?? rt.options.model;
  if (!rt.catalog.isServed(model)) return sendUpstreamError(ctx.res, upstreamErrorPrefix('completion', rt.legacy), modelNotFoundBody(model));
  const generations = request.prompts.map((prompt) => {
    const maxTokens = Math.min(request.maxTokens ?? VLLM_COMPLETION_DEFAULT_MAX_TOKENS, MAX_MODEL_LEN - countPromptTokens(prompt));
    return generate(prompt, maxTokens, rt.options.seed, adaptorOf(rt, model, [prompt]));
  });
  if (request.stream) return streamAnswer(rt, ctx, { kind: 'completion', model, prompts: request.prompts, generations });

  // Not streamed, but still a proxied request: it counts as an open stream while vLLM works (§4).
  rt.metrics.streamingInflight++;
  rt.metrics.recordNewRequests(1);
  const longest = Math.max(...generations.map((g) => g.completionTokens));
  const waited = rt.options.zeroLatency || (await rt.timers.sleep((longest / rt.options.tokensPerSecond) * 1000, ctx.signal));
  rt.metrics.streamingInflight--;
  rt.metrics.recordCompletion(usageOf(generations).total_tokens, 0);
  if (waited) sendProxiedJson(ctx.res, vllmCompletion('completion', model, generations));
}
