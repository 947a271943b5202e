// The POST /v1/generate body a batch group goes out as: its prompts and the batch-level fields of its
// parameters, nothing else (an experiment column's chat-only settings, top_p or stop, are not sent there).
// The runner sends it and code to copy shows it: one rule for both.

import type { GenerateRequest, PromptEntry } from '../api/types';
import type { BatchParams } from './ledger-schema';

export const GENERATE_ROUTE = '/v1/generate';

export function generateBody(prompts: PromptEntry[], params: BatchParams): GenerateRequest {
  const { model, max_tokens, temperature, tools, tool_choice } = params;
  return { prompts, ...(model ? { model } : {}), max_tokens, ...(temperature !== undefined ? { temperature } : {}), ...(tools ? { tools } : {}), ...(tool_choice ? { tool_choice } : {}) };
}
