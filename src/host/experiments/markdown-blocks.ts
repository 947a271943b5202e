// The pieces of the read-only markdown documents that show rendered prompts. A prompt's text goes in a fenced
// block so that its own markdown (headings, lists, fences) stays literal and cannot end the block early.

/** `text` in a fence longer than any run of backticks inside it. */
export function fenced(text: string, info = 'text'): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${info}\n${body}${fence}`;
}

/** A value as it reads in a one-line list: JSON, shortened. */
export function shortValue(value: unknown, limit = 60): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return oneLine(text, limit);
}

/** Text on one line (line breaks as spaces), cut at `limit` characters with an ellipsis. */
export function oneLine(text: string, limit = 80): string {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
