// The proxied streaming routes (protocol §6.1): streaming chat and every /v1/completions call go straight
// to vLLM. The answer is SSE paced at the model's token rate, ending with the usage chunk (`choices: []`,
// forced by ScalarLM on the current server) and `data: [DONE]`. Each stream counts in queue_depth while
// open, feeds the metrics window, and is tee'd to disk for the request browser (§5.1).

import { randomUUID, createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { itemMarkerFault } from '../faults/fault-book';
import type { RequestContext } from '../http/router';
import type { Generation } from '../model/generator';
import type { SimRuntime } from '../runtime';
import { streamChunks, usageOf, vllmErrorBody, type ResponseKind } from './vllm-shapes';

const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';
const VLLM_STREAM_ERROR = 'EngineCore encountered an issue. See stack trace (above) for the root cause.';

export interface StreamedAnswer {
  kind: ResponseKind;
  model: string;
  prompts: readonly string[];
  generations: readonly Generation[];
}

/**
 * ScalarLM's answer when vLLM refuses a proxied request: HTTP 200 already sent, one event pasting vLLM's
 * JSON body inside a JSON string (so usually invalid JSON), then close without [DONE].
 */
export function sendUpstreamError(res: ServerResponse, prefix: string, vllmBody: string): void {
  res.writeHead(200, { 'content-type': SSE_CONTENT_TYPE });
  res.end(`data: {"error": "${prefix}${vllmBody}"}\n\n`);
}

/**
 * vLLM's plain JSON answer to a proxied request that did not ask for a stream: the proxy still sends it as a
 * chunked text/event-stream (§6.1, §11), with no Content-Length.
 */
export function sendProxiedJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': SSE_CONTENT_TYPE, 'transfer-encoding': 'chunked' });
  res.end(JSON.stringify(body));
}

/** The prefix of that event: per route, and worded differently on old servers. */
export function upstreamErrorPrefix(kind: ResponseKind, legacy: boolean): string {
  if (kind === 'completion') return 'Failed to create completions: ';
  return legacy ? 'Failed to create chat completion: ' : 'Failed to create chat completions: ';
}

export async function streamAnswer(rt: SimRuntime, ctx: RequestContext, answer: StreamedAnswer): Promise<void> {
  const { res } = ctx;
  const fault = rt.faults.take(['sse-cut', 'sse-error', 'sse-vllm-error'], ctx.url.pathname, ctx.body.toString('utf8'));
  const chunks = streamChunks(answer.kind, answer.model, answer.generations, !rt.legacy);
  const tokenChunks = chunks.filter((chunk) => chunk.token).length;
  // sse-cut and sse-vllm-error strike mid-stream: after ARG token chunks, or half of them. sse-error's ARG is its message.
  const strikeAt = Math.min(tokenChunks, Number(fault?.arg ?? Math.floor(tokenChunks / 2)) || 0);
  const tee = rt.legacy ? undefined : startTee(rt, answer);
  let raw = '';
  const send = (text: string): void => {
    raw += text;
    res.write(text);
  };

  rt.metrics.streamingInflight++;
  rt.metrics.recordNewRequests(1);
  try {
    res.writeHead(200, { 'content-type': SSE_CONTENT_TYPE });
    res.flushHeaders();
    if (fault?.kind === 'sse-error') {
      const message = fault.arg ?? 'This model\'s maximum context length is 8192 tokens. Please reduce the length of the messages.';
      raw = `data: {"error": "${upstreamErrorPrefix(answer.kind, rt.legacy)}${vllmErrorBody(message, 'BadRequestError', 400)}"}\n\n`;
      res.end(raw);
      return;
    }
    const slow = answer.prompts.map(itemMarkerFault).find((f) => f?.kind === 'slow');
    if (slow && !(await rt.timers.sleep(Number(slow.arg ?? 1000) || 0, ctx.signal))) return;

    const interval = rt.options.zeroLatency ? 0 : 1000 / rt.options.tokensPerSecond;
    // Tokens keep to a schedule rather than a sleep each: timers cannot wait less than a millisecond, so
    // above ~1,000 tokens/s several tokens go out per timer tick, and the average rate is the one asked for.
    const startedAt = performance.now();
    let tokensSent = 0;
    for (const chunk of chunks) {
      if (chunk.token && tokensSent === strikeAt) {
        if (fault?.kind === 'sse-cut') {
          // Flush what was sent, then close the connection without the final chunk: a cut, not an end.
          res.socket?.end();
          return;
        }
        if (fault?.kind === 'sse-vllm-error') {
          const error = { error: { message: VLLM_STREAM_ERROR, type: 'InternalServerError', param: null, code: 500 } };
          send(`data: ${JSON.stringify(error)}\n\n`);
          break;
        }
      }
      if (chunk.token) {
        const wait = startedAt + (tokensSent + 1) * interval - performance.now();
        if (interval > 0 && wait >= 1 && !(await rt.timers.sleep(wait, ctx.signal))) return;
        tokensSent++;
      }
      send(`data: ${chunk.json}\n\n`);
    }
    send('data: [DONE]\n\n');
    res.end();
  } finally {
    rt.metrics.streamingInflight--;
    rt.metrics.recordCompletion(usageOf(answer.generations).total_tokens, 0);
    tee?.(raw);
  }
}

/** Writes the tee'd request and an in_progress status; returns what writes the raw SSE and the final status. */
function startTee(rt: SimRuntime, answer: StreamedAnswer): (raw: string) => void {
  const files = rt.deployment.files;
  const id = createHash('sha256').update(randomUUID()).digest('hex');
  const requestType = answer.kind === 'chat' ? 'chat_completions_streaming' : 'completions_streaming';
  files.writeRequest(id, answer.prompts.map((prompt) => ({ prompt, model: answer.model, request_type: requestType })));
  const status = { current_index: 0, total_requests: answer.prompts.length, work_queue_id: null, transport: 'sse' as const };
  files.writeStatus(id, { status: 'in_progress', ...status });
  return (raw) => {
    files.writeSseResponse(id, raw);
    files.writeStatus(id, { status: 'completed', ...status, current_index: answer.prompts.length, completed_at: Date.now() / 1000 });
  };
}
