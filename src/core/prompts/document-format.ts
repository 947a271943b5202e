// The 'document' format: the whole text is one prompt, or several separated by lines that are exactly
// '---' (trailing whitespace allowed). Each prompt loses the blank lines around it; empty ones are skipped.

import type { PromptItem, PromptOrigin } from './prompt-types';
import { isBlank } from './text-lines';

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
