// How a text is cut into prompts: `---` documents, one entry per line (JSONL or plain lines), JSON documents
// (an array or a GenerateRequest), and which of them a file is when nobody says.

import { extname } from 'node:path';
import { jsonLineError, entriesDepth, memberOf, JsonTextLocator } from './json-locating';
import { scanJson, type JsonNode } from './json-scanner';
import { PromptInputError, PromptInputWarning, type ProblemSink } from './problems';
import { isBlank, readLineBatches, splitTextLines } from './text';
import type { PromptItem, PromptOrigin, JsonPath, ParsedPrompts, PromptFormat } from './types';
import { validatePromptEntry, readBatchDefaults, describeValue, isPlainObject, namedProblem } from './validation';

// The 'document' format: the whole text is one prompt, or several separated by lines that are exactly
// '---' (trailing whitespace allowed). Each prompt loses the blank lines around it; empty ones are skipped.

const separator = /^---[ \t]*$/;

/** `lines` are the text's lines without line endings; prompts are joined with '\n'. */
export function splitDocument(lines: string[]): PromptItem[] {
  const items: PromptItem[] = [];
  let pieceStart = 0;
  for (let index = 0; index <= lines.length; index++) {
    if (index < lines.length && !separator.test(lines[index])) continue;
    const piece = trimmedPiece(lines, pieceStart, index);
    if (piece !== undefined) items.push({ entry: piece.text, origin: piece.origin });
    pieceStart = index + 1;
  }
  return items;
}

/** The lines [from, to) without the blank lines around them, or undefined when nothing is left. */
export function trimmedPiece(lines: string[], from: number, to: number): { text: string; origin: PromptOrigin } | undefined {
  while (from < to && isBlank(lines[from])) from++;
  while (to > from && isBlank(lines[to - 1])) to--;
  if (from === to) return undefined;
  return { text: lines.slice(from, to).join('\n'), origin: { line: from + 1, endLine: to } };
}

// The two formats read one line at a time, so a file is never held whole: JSONL (one JSON entry per line)
// and plain lines (one string prompt per line). Blank lines are skipped in both.

/** Turns one line into a prompt, or nothing (a blank line, or a problem told to the sink). */
export type LineParser = (line: string, lineNumber: number) => PromptItem | undefined;

export function lineParserFor(format: 'jsonl' | 'lines', file: string, sink: ProblemSink): LineParser {
  return format === 'jsonl' ? jsonlLineParser(file, sink) : plainLine;
}

/** The text of the line is the prompt, leading spaces and all. */
function plainLine(line: string, lineNumber: number): PromptItem | undefined {
  if (isBlank(line)) return undefined;
  return { entry: line, origin: { line: lineNumber, endLine: lineNumber } };
}

function jsonlLineParser(file: string, sink: ProblemSink): LineParser {
  return (line, lineNumber) => {
    if (isBlank(line)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (parseError) {
      sink.error(() => jsonLineError(line, parseError, file, lineNumber));
      return undefined;
    }
    const check = validatePromptEntry(value);
    if ('problem' in check) {
      sink.error(() => new PromptInputError({ file, line: lineNumber }, check.problem));
      return undefined;
    }
    const warning = check.warning;
    if (warning !== undefined) sink.warning(() => new PromptInputWarning({ file, line: lineNumber }, warning));
    return { entry: check.entry, origin: { line: lineNumber, endLine: lineNumber } };
  };
}

// The 'json' format: an array of prompt entries, or a GenerateRequest-shaped object
// {"prompts": [...], "model"?, "max_tokens"?, "temperature"?, "tools"?, "tool_choice"?}.
// Each prompt keeps the lines of its element, and each problem points at the part it is about.

const documentShapes = 'a JSON array of prompts, or an object {"prompts": [...], "model"?: ..., "max_tokens"?: ...}';

/** `text` has no BOM. Problems go to the sink; the prompts that are valid are returned. */
export function parseJsonPromptDocument(text: string, file: string, sink: ProblemSink): ParsedPrompts {
  const locator = new JsonTextLocator(text, file);
  const scan = scanJson(text, entriesDepth(text));
  if (!scan.ok) {
    sink.error(() => locator.errorAt(scan.offset, `invalid JSON: ${scan.problem}`));
    return { items: [], defaults: {} };
  }
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return { items: promptsOf(value, scan.root, [], locator, sink), defaults: {} };
  if (isPlainObject(value)) return generateRequestOf(value, scan.root, locator, sink);
  sink.error(() => locator.errorAt(scan.root.start, `expected ${documentShapes}; got ${describeValue(value)}`));
  return { items: [], defaults: {} };
}

function generateRequestOf(
  request: Record<string, unknown>,
  node: JsonNode,
  locator: JsonTextLocator,
  sink: ProblemSink,
): ParsedPrompts {
  const { defaults, problems } = readBatchDefaults(request);
  for (const { key, problem, atKey } of problems) {
    const member = memberOf(node, key);
    sink.error(() => locator.errorAt((atKey ? member?.keyStart : member?.value.start) ?? node.start, problem));
  }

  const promptsNode = memberOf(node, 'prompts')?.value;
  if (promptsNode === undefined) {
    sink.error(() => locator.errorAt(node.start, `missing "prompts"; expected ${documentShapes}`));
    return { items: [], defaults };
  }
  const prompts = request.prompts;
  if (!Array.isArray(prompts)) {
    sink.error(() => locator.errorAt(promptsNode.start, `"prompts" must be an array of prompts; got ${describeValue(prompts)}`));
    return { items: [], defaults };
  }
  return { items: promptsOf(prompts, promptsNode, ['prompts'], locator, sink), defaults };
}

/** The entries of the array at `arrayPath`, each validated and given the lines of its element. */
function promptsOf(
  values: unknown[],
  arrayNode: JsonNode,
  arrayPath: JsonPath,
  locator: JsonTextLocator,
  sink: ProblemSink,
): PromptItem[] {
  const elements = arrayNode.elements ?? [];
  const items: PromptItem[] = [];
  values.forEach((value, index) => {
    const element = elements[index];
    const check = validatePromptEntry(value);
    if ('problem' in check) {
      sink.error(() => locator.errorIn(element, check, namedProblem([...arrayPath, index], check.problem)));
      return;
    }
    const warning = check.warning;
    if (warning !== undefined) sink.warning(() => locator.warningAt(element.start, namedProblem([...arrayPath, index], warning)));
    items.push({ entry: check.entry, origin: locator.originOf(element) });
  });
  return items;
}

// Which format a prompt file is in when nobody says (the CLI's --format, the editor's question): one rule
// for the CLI and the editor.
// - by extension: .jsonl/.ndjson -> jsonl; .json -> json; .md/.markdown/.prompt -> document (prose);
// - else by the first non-blank line: a whole JSON value (an array, or an object with "prompts", is a JSON
//   document; a string or another object is the first line of JSONL), or the start of a JSON array or
//   object spread over several lines ('[' or '{' followed by what can follow them in JSON) is a JSON
//   document; so "[INST] ..." or "{name} is ..." stay text;
// - text with a `---` separator line is a document; text of one non-blank line is that one prompt either
//   way; other text (several lines, no separator) could be one prompt per line or one prompt: it is read
//   as lines, and the guess says it was ambiguous so the caller can say so or ask.

export const PROMPT_FORMATS: readonly PromptFormat[] = ['lines', 'document', 'jsonl', 'json'];

export function isPromptFormat(value: string): value is PromptFormat {
  return (PROMPT_FORMATS as readonly string[]).includes(value);
}

export interface FormatGuess {
  format: PromptFormat;
  /** Several lines of text without `---`: read as lines, but one prompt (document) was as likely meant. */
  ambiguous: boolean;
}

/** The format of a text held whole (an editor's document). */
export function detectFormat(fileName: string, text: string): FormatGuess {
  const byName = formatOfName(fileName);
  if (byName !== undefined) return { format: byName, ambiguous: false };
  const tally = new TextTally();
  for (const line of splitTextLines(text)) if (tally.add(line)) break;
  return tally.guess();
}

/** The format of a file on disk, streamed: JSON is told by its first line, text by a pass over its lines. */
export async function detectFileFormat(path: string, fileName = path): Promise<FormatGuess> {
  const byName = formatOfName(fileName);
  if (byName !== undefined) return { format: byName, ambiguous: false };
  const tally = new TextTally();
  for await (const batch of readLineBatches(path, { file: fileName })) {
    for (const line of batch.lines) if (tally.add(line)) return tally.guess();
  }
  return tally.guess();
}

/** Looks at lines until the format is settled (add returns true) or the text ends. */
class TextTally {
  private json: PromptFormat | undefined;
  private nonBlank = 0;
  private separator = false;

  add(line: string): boolean {
    if (isBlank(line)) return false;
    if (this.nonBlank++ === 0) {
      const first = formatOfFirstLine(line.trim());
      if (first !== 'lines') this.json = first;
    }
    if (separator.test(line)) this.separator = true;
    return this.json !== undefined || this.separator;
  }

  guess(): FormatGuess {
    if (this.json) return { format: this.json, ambiguous: false };
    if (this.separator) return { format: 'document', ambiguous: false };
    return { format: 'lines', ambiguous: this.nonBlank > 1 };
  }
}

function formatOfName(fileName: string): PromptFormat | undefined {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.json') return 'json';
  if (extension === '.md' || extension === '.markdown' || extension === '.prompt') return 'document';
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
