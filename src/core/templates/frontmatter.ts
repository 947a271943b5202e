// Splits a .prompty into its YAML frontmatter (between `---` lines at the top) and its body, keeping the file
// line each part starts on. A file with no frontmatter is all body, as Prompty allows.

import { TemplateError } from './template-error';

export interface SplitPrompty {
  yaml?: { text: string; firstLine: number };
  body: string;
  bodyStartLine: number;
  error?: TemplateError;
}

const fence = /^---[ \t]*$/;

/** `text` has `\n` line breaks. */
export function splitFrontmatter(text: string, file: string): SplitPrompty {
  const lines = text.split('\n');
  const open = lines.findIndex((line) => line.trim() !== '');
  if (open === -1 || !fence.test(lines[open])) return { body: text, bodyStartLine: 1 };
  const close = lines.findIndex((line, index) => index > open && fence.test(line));
  if (close === -1) {
    return {
      yaml: { text: lines.slice(open + 1).join('\n'), firstLine: open + 2 },
      body: '',
      bodyStartLine: lines.length + 1,
      error: new TemplateError({ file, line: open + 1, column: 1 }, 'the frontmatter opened here has no closing `---` line; end it with a line of ---'),
    };
  }
  return {
    yaml: { text: lines.slice(open + 1, close).join('\n'), firstLine: open + 2 },
    body: lines.slice(close + 1).join('\n'),
    bodyStartLine: close + 2,
  };
}
