// Bodies as a ScalarLM deployment sends them (protocol §6), for the client's tests.

import type { StreamEvent, Usage } from '../../../../src/core/api/types';

export const USAGE: Usage = { prompt_tokens: 12, total_tokens: 31, completion_tokens: 19 };

/** One `chat.completion.chunk` event, shaped as vLLM writes it. */
export function chatChunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const chunk = {
    id: 'chatcmpl-8a1f',
    object: 'chat.completion.chunk',
    created: 1755650000,
    model: 'tiny-random/gemma-4-dense',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** A streamed chat with reasoning, multi-byte content, a tool call and the usage chunk, then [DONE]. */
export const REALISTIC_STREAM =
  chatChunk({ role: 'assistant', content: '' }) +
  chatChunk({ reasoning_content: 'Think 🤔 first.' }) +
  chatChunk({ content: 'Grüße 🚀 ' }) +
  chatChunk({ content: '漢字かな' }) +
  chatChunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }) +
  chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Köln"}' } }] }) +
  chatChunk({}, 'tool_calls') +
  `data: ${JSON.stringify({ id: 'chatcmpl-8a1f', object: 'chat.completion.chunk', created: 1755650000, model: 'tiny-random/gemma-4-dense', choices: [], usage: USAGE })}\n\n` +
  'data: [DONE]\n\n';

export const REALISTIC_EVENTS: StreamEvent[] = [
  { type: 'role', choice: 0, role: 'assistant' },
  { type: 'reasoning', choice: 0, text: 'Think 🤔 first.' },
  { type: 'content', choice: 0, text: 'Grüße 🚀 ' },
  { type: 'content', choice: 0, text: '漢字かな' },
  { type: 'tool-call', choice: 0, index: 0, id: 'call_1', name: 'get_weather', argumentsDelta: '' },
  { type: 'tool-call', choice: 0, index: 0, argumentsDelta: '{"city": "Köln"}' },
  { type: 'finish', choice: 0, reason: 'tool_calls' },
  { type: 'usage', usage: USAGE },
];

/** The chat queue's final body (protocol §6.2), with json.dumps separators; a worker error adds the top-level error. */
export function chatCompletionBody(content: string, workerError?: string): string {
  const finishReason = workerError === undefined ? 'stop' : 'error';
  const error = workerError === undefined ? '' : `, "error": {"message": ${JSON.stringify(workerError)}, "type": "worker_error"}`;
  return (
    `{"id": "chatcmpl-1755650000123", "object": "chat.completion", "created": 1755650000, "model": "tiny-random/gemma-4-dense", ` +
    `"choices": [{"index": 0, "message": {"role": "assistant", "content": ${JSON.stringify(content)}}, "finish_reason": "${finishReason}", "logprobs": null}], ` +
    `"usage": {"prompt_tokens": 12, "completion_tokens": 19, "total_tokens": 31}${error}}`
  );
}
