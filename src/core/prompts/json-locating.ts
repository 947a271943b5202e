// Where a value sits in a JSON text: paths through scanned nodes, line and column of any value, and the
// error of a JSONL line that does not parse.

import { scanJson, type JsonMember, type JsonNode } from './json-scanner';
import { PromptInputError, PromptInputWarning, type PromptInputLocation } from './problems';
import { LineIndex } from './text';
import type { JsonPath, PromptOrigin } from './types';
import type { ValueProblem } from './validation';

// Finds parts of a scanned JSON text: a member by key, an element by index, the node a path leads to.

/**
 * The node `path` leads to inside the value that spans `node` in `text`, as absolute offsets. Only the
 * value is scanned again, in full depth, so this costs nothing until a problem has to be located.
 */
export function locatePath(text: string, node: JsonNode, path: JsonPath): JsonNode {
  if (path.length === 0) return node;
  const scan = scanJson(text.slice(node.start, node.end), Infinity);
  if (!scan.ok) return node;
  let found = scan.root;
  for (const step of path) {
    const child = childAt(found, step);
    if (child === undefined) break;
    found = child;
  }
  return { start: node.start + found.start, end: node.start + found.end };
}

/** The element at an index, or the value of a key. */
export function childAt(node: JsonNode, step: string | number): JsonNode | undefined {
  return typeof step === 'number' ? node.elements?.[step] : memberOf(node, step)?.value;
}

/** The member with this key (the last one, as JSON.parse keeps the last duplicate). */
export function memberOf(node: JsonNode, key: string): JsonMember | undefined {
  const members = node.members ?? [];
  for (let index = members.length - 1; index >= 0; index--) {
    if (members[index].key === key) return members[index];
  }
  return undefined;
}

/**
 * The depth at which a document's entries have their spans recorded: the elements of a root array, or
 * those of an array inside a root object ({"prompts": [...]}, {"messages": [...]}). Recording no deeper
 * keeps a large document cheap; a problem deeper down is located by scanning its entry again.
 */
export function entriesDepth(text: string): number {
  return /^\s*\[/.test(text) ? 1 : 2;
}

// Problems in a JSON text, placed at the line and column of the part they are about.

export class JsonTextLocator {
  private readonly lines: LineIndex;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.lines = new LineIndex(text);
  }

  errorAt(offset: number, detail: string): PromptInputError {
    return new PromptInputError(this.locationOf(offset), detail);
  }

  warningAt(offset: number, detail: string): PromptInputWarning {
    return new PromptInputWarning(this.locationOf(offset), detail);
  }

  /** A problem found in the value spanning `node`, placed at the part its path (relative to the value) points to. */
  errorIn(node: JsonNode, problem: ValueProblem, detail = problem.problem): PromptInputError {
    return this.errorAt(locatePath(this.text, node, problem.path).start, detail);
  }

  originOf(node: JsonNode): PromptOrigin {
    return { line: this.lines.lineOf(node.start), endLine: this.lines.lineOf(node.end - 1) };
  }

  private locationOf(offset: number): PromptInputLocation {
    const { line, column } = this.lines.positionOf(offset);
    return { file: this.file, line, column };
  }
}

// Why a line of JSONL is not JSON. Lines are parsed by JSON.parse at full speed; only a line it refused
// is scanned again, to say where and why.

export function jsonLineError(line: string, parseError: unknown, file: string, lineNumber: number): PromptInputError {
  const scan = scanJson(line, 0);
  if (!scan.ok) return new PromptInputError({ file, line: lineNumber, column: scan.offset + 1 }, `invalid JSON: ${scan.problem}`);
  // The scanner refuses what JSON.parse refuses; were they ever to disagree, JSON.parse's words still name the line.
  return new PromptInputError({ file, line: lineNumber }, `invalid JSON: ${String(parseError)}`);
}
