// Which format a prompt file is in, when the caller does not say: by extension, else by its first
// non-blank line. This is the CLI's rule; the extension passes 'document' for text files itself.

import { extname } from 'node:path';
import type { PromptFormat } from './prompt-types';
import { readLineBatches } from './read-lines';
import { isBlank, splitTextLines } from './text-lines';

/**
 * .jsonl/.ndjson -> jsonl; .json -> json; anything else (stdin too) by its first non-blank line:
 * - a whole JSON value: an array, or an object with "prompts", is a JSON document; a string or another
 *   object is the first line of JSONL;
 * - the start of a JSON array or object spread over several lines ('[' or '{' followed by what can
 *   follow them in JSON) is a JSON document;
 * - anything else is text, one prompt per line. So "[INST] ..." or "{name} is ..." stay text.
 * `head` is the start of the text and must hold its first non-blank line whole (detectFileFormat
 * reads exactly that far).
 */
export function detectFormat(fileName: string, head: string): PromptFormat {
  const byExtension = formatOfExtension(fileName);
  if (byExtension !== undefined) return byExtension;
  const firstLine = splitTextLines(head).find((line) => !isBlank(line));
  return firstLine === undefined ? 'lines' : formatOfFirstLine(firstLine.trim());
}

function formatOfExtension(fileName: string): PromptFormat | undefined {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.json') return 'json';
  return undefined;
}

function formatOfFirstLine(line: string): PromptFormat {
  const value = parsedOrUndefined(line);
  if (Array.isArray(value)) return 'json';
  if (typeof value === 'object' && value !== null) return 'prompts' in value ? 'json' : 'jsonl';
  if (typeof value === 'string') return 'jsonl';
  return startsJsonContainer(line) ? 'json' : 'lines';
}

function startsJsonContainer(line: string): boolean {
  if (line.startsWith('{')) return /^\{\s*("|}|$)/.test(line);
  if (line.startsWith('[')) return /^\[\s*([-"{[\]0-9]|true\b|false\b|null\b|$)/.test(line);
  return false;
}

function parsedOrUndefined(line: string): unknown {
  if (!/^["{[]/.test(line)) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** detectFormat for a file: reads no further than its first non-blank line. */
export async function detectFileFormat(path: string, fileName = path): Promise<PromptFormat> {
  const byExtension = formatOfExtension(fileName);
  if (byExtension !== undefined) return byExtension;
  for await (const batch of readLineBatches(path, { file: fileName })) {
    const firstLine = batch.lines.find((line) => !isBlank(line));
    if (firstLine !== undefined) return formatOfFirstLine(firstLine.trim());
  }
  return 'lines';
}
