// What the generate worker does with one queued prompt (protocol §3): run the simulated model, or fail the
// way the real worker and vLLM fail. The error texts follow `format_exception` ("<Type>: <repr>") on the
// current server and `str(e)` on the legacy one, where a bare AssertionError gives an empty error string.

import { samplingKey } from '../model/sampling';
import type { FiredFault } from '../faults/fault-book';
import { itemMarkerFault } from '../faults/fault-book';
import { endsWithToolResult, lastUserText } from '../model/chat-template';
import { embeddingDimension, simulatedEmbedding } from '../model/embedding';
import { countPromptTokens, generate } from '../model/generator';
import type { QueuedItem, StoredResult } from '../state/request-files';
import type { WorkOutcome } from './model-worker';

export interface ExecutionSettings {
  seed: number;
  tokensPerSecond: number;
  zeroLatency: boolean;
  legacy: boolean;
  baseModel: string;
  maxModelLen: number;
  isServedModel(name: string): boolean;
  /** The generation options of `model` for these texts (a trained adaptor's learnt answer). */
  generationFor(model: string, texts: readonly (string | undefined)[]): { adaptor?: string; answer?: string };
}

/** The default text of an item-error fault: the worker rejecting an unknown request type (§9). */
const DEFAULT_ITEM_ERROR_TYPE = 'embed';
const DEFAULT_SLOW_MS = 1000;

export function executeItem(item: QueuedItem, flagFault: FiredFault | undefined, settings: ExecutionSettings): WorkOutcome {
  const prompt = promptText(item.prompt);
  const fault = flagFault ?? (prompt === undefined ? undefined : itemMarkerFault(prompt));
  const slowMs = fault?.kind === 'slow' ? Number(fault.arg ?? DEFAULT_SLOW_MS) || 0 : 0;
  const errorOutcome = (text: string): WorkOutcome => ({ result: errorResult(text), durationMs: slowMs + duration(1, settings) });

  if (fault?.kind === 'item-error') {
    return errorOutcome(fault.arg ?? exceptionText(settings, 'ValueError', `Invalid request type: ${DEFAULT_ITEM_ERROR_TYPE}`));
  }
  const requestType = item.request_type;
  if (requestType !== 'generate' && requestType !== 'chat_completions') {
    return errorOutcome(exceptionText(settings, 'ValueError', `Invalid request type: ${String(requestType)}`));
  }
  if (prompt === undefined) {
    const key = Object.keys(item.prompt as object).find((k) => k !== 'text' && k !== 'images') ?? 'prompt';
    return errorOutcome(exceptionText(settings, 'ValueError', `Invalid prompt sub-field: ${key}. Must be 'text' or 'image'.`));
  }
  // vLLM's `assert request.max_tokens is not None`, reachable through the upload path (§3, §8.3).
  if (typeof item.max_tokens !== 'number') return errorOutcome(exceptionText(settings, 'AssertionError', ''));
  const model = typeof item.model === 'string' ? item.model : settings.baseModel;
  if (!settings.isServedModel(model)) return errorOutcome(notLoadedError(model, settings.legacy));

  const dimension = requestType === 'generate' ? embeddingDimension(prompt) : undefined;
  if (dimension !== undefined) {
    const promptTokens = countPromptTokens(prompt);
    const vector: StoredResult = { is_acked: true, response: simulatedEmbedding(prompt, dimension, settings.seed), token_count: promptTokens, prompt_tokens: promptTokens, completion_tokens: 0 };
    return { result: vector, durationMs: slowMs + duration(1, settings) };
  }

  // A /v1/generate item is greedy whatever it asked (§1.2); a queued chat request samples as vLLM would.
  const chatRequest = item.chat_request as { tools?: unknown; messages?: unknown } | undefined;
  const learnt = settings.generationFor(model, [prompt, lastUserText(chatRequest?.messages)]);
  const generation = generate(prompt, item.max_tokens, settings.seed, { tools: chatRequest?.tools, ...learnt, sampling: samplingKey(chatRequest as Record<string, unknown> | undefined), afterToolResult: endsWithToolResult(chatRequest?.messages) });
  const requested = generation.promptTokens + item.max_tokens;
  if (requested > settings.maxModelLen) {
    return errorOutcome(
      `This model's maximum context length is ${settings.maxModelLen} tokens. However, you requested ${requested} tokens ` +
        `(${generation.promptTokens} in the messages, ${item.max_tokens} in the completion). Please reduce the length of the messages or completion.`,
    );
  }

  const result: StoredResult = {
    is_acked: true,
    response: generation.contentPieces.join(''),
    token_count: generation.promptTokens + generation.completionTokens,
    prompt_tokens: generation.promptTokens,
    completion_tokens: generation.completionTokens,
  };
  if (generation.reasoningPieces.length > 0) result.reasoning = generation.reasoningPieces.join('');
  if (generation.toolCall) {
    const call = generation.toolCall;
    result.tool_calls = [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentPieces.join('') } }];
  }
  // vLLM's chat serving reports why it stopped; the batch path of /v1/generate never does (§11).
  if (item.chat_request !== undefined) result.finish_reason = generation.finishReason;
  const outcome: WorkOutcome = { result, durationMs: slowMs + duration(generation.completionTokens, settings) };
  return fault?.kind === 'never-finish' ? { ...outcome, result: undefined } : outcome;
}

/**
 * A registered adaptor vLLM has not loaded: vLLM's 404 body, which the current worker does not recognise on the
 * completion path and reports whole (protocol §3, training.md §5, §11.1); older vLLM's flat shape gave its message.
 */
function notLoadedError(model: string, legacy: boolean): string {
  const message = `The model \`${model}\` does not exist.`;
  if (legacy) return message;
  return `Unexpected response shape: {'error': {'message': '${message}', 'type': 'NotFoundError', 'param': None, 'code': 404}}`;
}

function duration(tokens: number, settings: ExecutionSettings): number {
  return settings.zeroLatency ? 0 : (tokens / settings.tokensPerSecond) * 1000;
}

function errorResult(text: string): StoredResult {
  return { is_acked: true, error: text };
}

/** A raw prompt, or the text of an upload's legacy `{"text", "images"}` dict; undefined for other dicts. */
function promptText(prompt: unknown): string | undefined {
  if (typeof prompt === 'string') return prompt;
  if (prompt && typeof prompt === 'object' && Object.keys(prompt).every((k) => k === 'text' || k === 'images')) {
    const text = (prompt as { text?: unknown }).text;
    return typeof text === 'string' ? text : '';
  }
  return undefined;
}

/** `format_exception(e)` on current servers ("<Type>: <repr>", or "<Type>" without args); `str(e)` on legacy ones. */
function exceptionText(settings: ExecutionSettings, type: string, message: string): string {
  if (settings.legacy) return message;
  if (message === '') return type;
  const quote = message.includes("'") && !message.includes('"') ? '"' : "'";
  return `${type}: ${type}(${quote}${message}${quote})`;
}
