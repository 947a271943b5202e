// A batch prompt an earlier run already had answered, by what it asked: the prompt, the model and max_tokens
// (the batch queue decodes greedily, so nothing else changes the answer). A run that regroups cells an
// earlier run sent (`eval --filter-failing`, a rerun of some tests) fetches those answers from the server by
// their request ids instead of POSTing a new group for them.

import { createHash } from 'node:crypto';
import type { PromptEntry } from '../api/types';

export function batchItemKey(prompt: PromptEntry, model: string, maxTokens: number): string {
  return createHash('sha256').update(JSON.stringify([prompt, model, maxTokens])).digest('hex');
}
