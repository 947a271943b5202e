// The OpenAI-style request bodies of /v1/chat/completions and /v1/completions (protocol §6): validated as
// vLLM's Pydantic models do (422 with FastAPI's detail list), then filtered through ScalarLM's allowlists.

import type { SimRuntime } from '../runtime';
import { checkInt, checkList, checkString, isPlainObject, Issues, parseBodyObject, requireField } from '../http/validation';

const COMPLETION_KEYS = [
  'model', 'temperature', 'prompt', 'max_tokens', 'stream', 'stream_options', 'tools', 'tool_choice',
  'response_format', 'top_p', 'stop', 'seed', 'presence_penalty', 'frequency_penalty',
];
const CHAT_KEYS = [
  ...COMPLETION_KEYS.filter((key) => key !== 'prompt'), 'messages', 'max_completion_tokens', 'include_reasoning',
  'reasoning_effort', 'thinking_token_budget', 'top_k', 'parallel_tool_calls', 'chat_template_kwargs',
];
/** Old servers forwarded only these (§6). */
const LEGACY_KEYS = ['model', 'temperature', 'messages', 'prompt', 'max_tokens', 'stream'];

export interface OpenAiRequest {
  /** The body after the allowlist: what reaches the model. */
  body: Record<string, unknown>;
  model: string | undefined;
  stream: boolean;
  maxTokens: number | undefined;
}

export interface ChatRequest extends OpenAiRequest {
  messages: Record<string, unknown>[];
}

export interface CompletionRequest extends OpenAiRequest {
  /** One choice per prompt. */
  prompts: string[];
}

export function parseChatRequest(raw: Buffer, issues: Issues, legacy: boolean): ChatRequest | undefined {
  const body = parseBodyObject(raw, issues);
  if (!body) return undefined;
  const messages = checkList(requireField(body, 'messages', ['body'], issues), ['body', 'messages'], issues);
  messages?.forEach((message, i) => {
    if (!isPlainObject(message)) issues.add('dict_type', ['body', 'messages', i], message);
  });
  const common = parseCommon(body, issues, legacy ? LEGACY_KEYS : CHAT_KEYS);
  if (!common || !messages || issues.found) return undefined;
  // Effective max tokens = max_completion_tokens ?? max_tokens (§6.3).
  const maxCompletion = body.max_completion_tokens == null ? undefined : checkInt(body.max_completion_tokens, ['body', 'max_completion_tokens'], issues);
  if (issues.found) return undefined;
  return { ...common, maxTokens: maxCompletion ?? common.maxTokens, messages: messages as Record<string, unknown>[] };
}

export function parseCompletionRequest(raw: Buffer, issues: Issues, legacy: boolean): CompletionRequest | undefined {
  const body = parseBodyObject(raw, issues);
  if (!body) return undefined;
  const prompt = requireField(body, 'prompt', ['body'], issues);
  const prompts = typeof prompt === 'string' ? [prompt] : Array.isArray(prompt) && prompt.length > 0 && prompt.every((p) => typeof p === 'string') ? (prompt as string[]) : undefined;
  if (prompt !== undefined && !prompts) issues.add('string_type', ['body', 'prompt'], prompt);
  const common = parseCommon(body, issues, legacy ? LEGACY_KEYS : COMPLETION_KEYS);
  if (!common || !prompts || issues.found) return undefined;
  return { ...common, prompts };
}

function parseCommon(body: Record<string, unknown>, issues: Issues, allowed: readonly string[]): OpenAiRequest | undefined {
  const model = body.model == null ? undefined : checkString(body.model, ['body', 'model'], issues);
  const maxTokens = body.max_tokens == null ? undefined : checkInt(body.max_tokens, ['body', 'max_tokens'], issues);
  const stream = body.stream ?? false;
  if (typeof stream !== 'boolean') issues.add('bool_type', ['body', 'stream'], stream);
  if (issues.found) return undefined;
  const filtered = Object.fromEntries(Object.entries(body).filter(([key]) => allowed.includes(key)));
  return { body: filtered, model, stream: stream === true, maxTokens };
}

/** Generation options for the model a request names and the texts it asks about (see ModelCatalog.generationFor). */
export function adaptorOf(rt: SimRuntime, model: string, texts: readonly (string | undefined)[]): { adaptor?: string; answer?: string } {
  return rt.catalog.generationFor(model, texts);
}
