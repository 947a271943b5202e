// A `.txt` prompt file as promptfoo reads it (its processTxtFile): split at every line that is `---` once
// trimmed, each part trimmed, empty parts dropped: one prompt per part. A `.jsonl` file is one prompt (chat
// messages) per non-empty line (its processJsonlFile). `.md` and `.j2` files are one prompt each, as there.

export interface PromptPart {
  /** 0-based, over the file's non-empty parts. */
  index: number;
  /** How many non-empty parts the file has. */
  count: number;
  /** The part, trimmed. */
  text: string;
  /** The file line the trimmed text starts on (1-based). */
  line: number;
}

const delimiter = '---';

export function promptParts(fileText: string): PromptPart[] {
  const lines = fileText.replace(/^\uFEFF/, '').split(/\r?\n/);
  const parts: Omit<PromptPart, 'count'>[] = [];
  let buffer: string[] = [];
  let firstLine = 1;
  const flush = (nextLine: number) => {
    const joined = buffer.join('\n');
    const text = joined.trim();
    if (text.length > 0) {
      const leading = joined.slice(0, joined.length - joined.trimStart().length);
      parts.push({ index: parts.length, text, line: firstLine + (leading.match(/\n/g)?.length ?? 0) });
    }
    buffer = [];
    firstLine = nextLine;
  };
  lines.forEach((line, at) => {
    if (line.trim() === delimiter) flush(at + 2);
    else buffer.push(line);
  });
  flush(lines.length + 1);
  return parts.map((part) => ({ ...part, count: parts.length }));
}

/** A `.jsonl` prompt file: each non-empty line is a prompt of its own. */
export function jsonlPromptParts(fileText: string): PromptPart[] {
  const lines = fileText.replace(/^\uFEFF/, '').split(/\r?\n/);
  const parts = lines.flatMap((text, at) => (text.length > 0 ? [{ text, line: at + 1 }] : []));
  return parts.map((part, index) => ({ ...part, index, count: parts.length }));
}
