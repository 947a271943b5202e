// One streamed chunk of vLLM (`chat.completion.chunk` or `text_completion`) as StreamEvents, in the
// order a reader wants them: role, reasoning, content, tool-call deltas, finish reason; then usage.
// With stream_options.include_usage (ScalarLM forces it, protocol §6.1) the last chunk before [DONE]
// has `choices: []` and the usage, so nothing here assumes a first choice.

import type { StreamEvent, Usage } from './types';

/** The fields of a chunk this reader looks at; everything is checked, since it comes off the wire. */
export interface WireChunk {
  choices?: unknown;
  usage?: unknown;
}

interface WireChoice {
  index?: unknown;
  delta?: WireDelta | null;
  text?: unknown;
  finish_reason?: unknown;
}

interface WireDelta {
  role?: unknown;
  content?: unknown;
  /** Older vLLM spells it reasoning_content, newer reasoning; some versions send both with the same text. */
  reasoning_content?: unknown;
  reasoning?: unknown;
  tool_calls?: unknown;
}

interface WireToolCall {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown } | null;
}

/** Appends the chunk's events to `queue`; returns the content text it carried (for the partial answer). */
export function appendChunkEvents(chunk: WireChunk, queue: StreamEvent[]): string {
  let content = '';
  const { choices, usage } = chunk;
  if (Array.isArray(choices)) {
    for (let i = 0; i < choices.length; i++) {
      const choice = choices[i] as WireChoice | null;
      if (typeof choice === 'object' && choice !== null) content += appendChoiceEvents(choice, queue);
    }
  }
  if (typeof usage === 'object' && usage !== null) queue.push({ type: 'usage', usage: usage as Usage });
  return content;
}

function appendChoiceEvents(choice: WireChoice, queue: StreamEvent[]): string {
  const index = typeof choice.index === 'number' ? choice.index : 0;
  let content = '';
  const delta = choice.delta;
  if (typeof delta === 'object' && delta !== null) {
    if (typeof delta.role === 'string') queue.push({ type: 'role', choice: index, role: delta.role });
    const reasoning = nonEmptyString(delta.reasoning_content) ?? nonEmptyString(delta.reasoning);
    if (reasoning !== undefined) queue.push({ type: 'reasoning', choice: index, text: reasoning });
    if (typeof delta.content === 'string' && delta.content !== '') {
      content = delta.content;
      queue.push({ type: 'content', choice: index, text: content });
    }
    if (Array.isArray(delta.tool_calls)) appendToolCallEvents(delta.tool_calls, index, queue);
  } else if (typeof choice.text === 'string' && choice.text !== '') {
    content = choice.text;
    queue.push({ type: 'content', choice: index, text: content });
  }
  if (typeof choice.finish_reason === 'string') queue.push({ type: 'finish', choice: index, reason: choice.finish_reason });
  return content;
}

function appendToolCallEvents(toolCalls: unknown[], choice: number, queue: StreamEvent[]): void {
  for (let position = 0; position < toolCalls.length; position++) {
    const call = toolCalls[position] as WireToolCall | null;
    if (typeof call !== 'object' || call === null) continue;
    const fn = typeof call.function === 'object' && call.function !== null ? call.function : undefined;
    const event: Extract<StreamEvent, { type: 'tool-call' }> = {
      type: 'tool-call',
      choice,
      index: typeof call.index === 'number' ? call.index : position,
      argumentsDelta: typeof fn?.arguments === 'string' ? fn.arguments : '',
    };
    if (typeof call.id === 'string') event.id = call.id;
    if (typeof fn?.name === 'string') event.name = fn.name;
    queue.push(event);
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
