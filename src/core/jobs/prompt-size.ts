// A prompt no model context could hold is not worth sending: the deployment queues it, the worker refuses or
// truncates it, and a 50 MB file costs an upload first. The limit is the deployment's own `max_model_len`
// (GET /v1/models) for the model the job names, else the documented DEFAULT_CONTEXT_TOKENS. Characters are
// turned into tokens at CHARS_PER_TOKEN, a generous rate for English and code, so only prompts well past the
// limit are stopped. The answer shares the context: the prompt's tokens plus max_tokens must fit, or the server
// refuses every item (vLLM checks prompt + max_tokens against max_model_len). The CLI refuses (a flag sends
// anyway); the editor asks.

import type { ScalarLMApi } from '../api/api';
import { ScalarLMError } from '../api/errors';
import type { PromptAt } from './batch-job';

/** The context assumed when the deployment does not say (README: "Prompt files"). */
export const DEFAULT_CONTEXT_TOKENS = 131_072;
export const CHARS_PER_TOKEN = 4;

export interface ContextLimit {
  tokens: number;
  /** Where the figure comes from, for the message. */
  from: string;
}

/** The context of `model` (the deployment's default when undefined), as the deployment says, else the default. */
export async function contextLimit(api: ScalarLMApi, model: string | undefined, signal?: AbortSignal): Promise<ContextLimit> {
  try {
    const models = (await api.models({ signal })).data;
    const named = model && model !== 'latest' ? models.find((m) => m.id === model) : models.find((m) => !m.parent);
    // An adaptor is served on its base model's context: vLLM's LoRA cards say max_model_len null (training.md §5).
    const base = typeof named?.max_model_len !== 'number' && named?.parent ? models.find((m) => m.id === named.parent) : named;
    const tokens = base?.max_model_len;
    if (typeof tokens === 'number' && tokens > 0) return { tokens, from: `max_model_len of ${base?.id ?? model} from /v1/models` };
  } catch (error) {
    if (signal?.aborted || !(error instanceof ScalarLMError)) throw error;
  }
  return { tokens: DEFAULT_CONTEXT_TOKENS, from: 'the default limit: the deployment does not say its max_model_len' };
}

/** Why the prompt and an answer of `maxTokens` cannot fit, at file:line; undefined when they may. */
export function oversizeProblem(prompt: PromptAt, limit: ContextLimit, maxTokens = 0): string | undefined {
  const tokens = Math.ceil(prompt.chars / CHARS_PER_TOKEN);
  if (tokens + maxTokens <= limit.tokens) return undefined;
  const n = (value: number) => value.toLocaleString('en-US');
  const context = `the model's context of ${n(limit.tokens)} tokens (${limit.from})`;
  if (maxTokens >= limit.tokens) return `max_tokens ${n(maxTokens)} is more than ${context}: lower max_tokens below it.`;
  const prompted = `${prompt.file}:${prompt.line}: the prompt is about ${n(tokens)} tokens (${n(prompt.chars)} characters)`;
  if (tokens > limit.tokens) return `${prompted}, more than ${context}.`;
  return `${prompted}, and max_tokens ${n(maxTokens)} asks for as many more: ${n(tokens + maxTokens)}, more than ${context}. Lower max_tokens to at most ${n(limit.tokens - tokens)}, or shorten the prompt.`;
}
