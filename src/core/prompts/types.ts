// The shapes the prompt parsers hand to their callers (the CLI, the batch runner, the extension).

import type { PromptEntry } from '../api/types';

/**
 * How a text is cut into prompts.
 * - jsonl: one JSON entry per line;
 * - json: an array of entries, or a GenerateRequest-shaped object {"prompts": [...], "model"?, ...};
 * - lines: each non-blank line is one string prompt;
 * - document: the whole text is one prompt, or several separated by lines that are exactly '---'.
 */
export type PromptFormat = 'jsonl' | 'json' | 'lines' | 'document';

/** Where a prompt came from: 1-based line numbers, inclusive, so an editor can select or jump to it. */
export interface PromptOrigin {
  line: number;
  endLine: number;
}

export interface PromptItem {
  entry: PromptEntry;
  origin: PromptOrigin;
}

/** The batch-level settings of a GenerateRequest-shaped JSON document; absent keys stay undefined. */
export interface BatchDefaults {
  model?: string;
  max_tokens?: number;
  temperature?: number;
  tools?: unknown[];
  tool_choice?: string | Record<string, unknown>;
}

/** What a parse gives: the prompts in order, and the batch settings the input carried (JSON documents only). */
export interface ParsedPrompts {
  items: PromptItem[];
  defaults: BatchDefaults;
}

/** A position inside a JSON value: object keys and array indexes, outermost first. */
export type JsonPath = (string | number)[];
