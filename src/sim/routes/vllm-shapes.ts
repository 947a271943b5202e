// The bodies vLLM itself produces (pydantic, compact JSON), which ScalarLM forwards untouched on its proxy
// routes (protocol §6.1): completion objects, stream chunks and error bodies.

import { randomBytes } from 'node:crypto';
import type { Generation } from '../model/generator';

export type ResponseKind = 'chat' | 'completion';

function vllmId(kind: ResponseKind): string {
  return `${kind === 'chat' ? 'chatcmpl' : 'cmpl'}-${randomBytes(16).toString('hex')}`;
}

export function usageOf(generations: readonly Generation[]): { prompt_tokens: number; total_tokens: number; completion_tokens: number } {
  const prompt = generations.reduce((sum, g) => sum + g.promptTokens, 0);
  const completion = generations.reduce((sum, g) => sum + g.completionTokens, 0);
  return { prompt_tokens: prompt, total_tokens: prompt + completion, completion_tokens: completion };
}

/** vLLM's error body, the older `{"object": "error", ...}` shape ScalarLM pastes into its own error event. */
export function vllmErrorBody(message: string, type: string, code: number): string {
  return JSON.stringify({ object: 'error', message, type, param: null, code });
}

export function modelNotFoundBody(model: string): string {
  return vllmErrorBody(`The model \`${model}\` does not exist.`, 'NotFoundError', 404);
}

function toolCallsOf(generation: Generation): unknown[] {
  const call = generation.toolCall;
  return call ? [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentPieces.join('') } }] : [];
}

/** A non-streaming vLLM answer: a chat.completion or a text_completion. */
export function vllmCompletion(kind: ResponseKind, model: string, generations: readonly Generation[]): unknown {
  const choices = generations.map((g, index) => {
    const text = g.contentPieces.join('');
    if (kind === 'completion') return { index, text, logprobs: null, finish_reason: g.finishReason, stop_reason: null, prompt_logprobs: null };
    const message = {
      role: 'assistant',
      reasoning_content: g.reasoningPieces.length > 0 ? g.reasoningPieces.join('') : null,
      content: g.toolCall ? null : text,
      tool_calls: toolCallsOf(g),
    };
    return { index, message, logprobs: null, finish_reason: g.finishReason, stop_reason: null };
  });
  return {
    id: vllmId(kind),
    object: kind === 'chat' ? 'chat.completion' : 'text_completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
    usage: { ...usageOf(generations), prompt_tokens_details: null },
    prompt_logprobs: null,
  };
}

/** The `data:` payloads of one streamed answer, in order, each tagged with whether it carries a token. */
export function streamChunks(kind: ResponseKind, model: string, generations: readonly Generation[], includeUsage: boolean): { json: string; token: boolean }[] {
  const id = vllmId(kind);
  const created = Math.floor(Date.now() / 1000);
  const object = kind === 'chat' ? 'chat.completion.chunk' : 'text_completion';
  const chunk = (choice: Record<string, unknown>, token: boolean): { json: string; token: boolean } => ({
    json: JSON.stringify({ id, object, created, model, choices: [{ ...choice, logprobs: null, finish_reason: choice.finish_reason ?? null }] }),
    token,
  });
  const chunks: { json: string; token: boolean }[] = [];
  generations.forEach((g, index) => {
    if (kind === 'completion') {
      for (const piece of g.contentPieces) chunks.push(chunk({ index, text: piece }, true));
      chunks.push(chunk({ index, text: '', finish_reason: g.finishReason, stop_reason: null }, false));
      return;
    }
    chunks.push(chunk({ index, delta: { role: 'assistant', content: '' } }, false));
    for (const piece of g.reasoningPieces) chunks.push(chunk({ index, delta: { reasoning_content: piece } }, true));
    if (g.toolCall) {
      const call = g.toolCall;
      chunks.push(chunk({ index, delta: { tool_calls: [{ id: call.id, type: 'function', index: 0, function: { name: call.name, arguments: '' } }] } }, true));
      for (const piece of call.argumentPieces) chunks.push(chunk({ index, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }, true));
    }
    for (const piece of g.contentPieces) chunks.push(chunk({ index, delta: { content: piece } }, true));
    chunks.push(chunk({ index, delta: { content: '' }, finish_reason: g.finishReason, stop_reason: null }, false));
  });
  if (includeUsage) chunks.push({ json: JSON.stringify({ id, object, created, model, choices: [], usage: usageOf(generations) }), token: false });
  return chunks;
}
