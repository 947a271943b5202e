// Why a line of JSONL is not JSON. Lines are parsed by JSON.parse at full speed; only a line it refused
// is scanned again, to say where and why.

import { scanJson } from './json-scanner';
import { PromptInputError } from './prompt-input-error';

export function jsonLineError(line: string, parseError: unknown, file: string, lineNumber: number): PromptInputError {
  const scan = scanJson(line, 0);
  if (!scan.ok) return new PromptInputError({ file, line: lineNumber, column: scan.offset + 1 }, `invalid JSON: ${scan.problem}`);
  // The scanner refuses what JSON.parse refuses; were they ever to disagree, JSON.parse's words still name the line.
  return new PromptInputError({ file, line: lineNumber }, `invalid JSON: ${String(parseError)}`);
}
