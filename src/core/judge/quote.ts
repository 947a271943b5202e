// Values shown inside reasons and messages: quoted like JSON strings, and cut short so that a
// long expected answer does not drown the reason it appears in. An output that was cut says how long it
// was, so "…" is not read as part of it; code is shown on one line.

/** How much of a value a reason shows. */
export const shownChars = 120;

export function quote(text: string): string {
  const shown = text.length > shownChars ? `${text.slice(0, shownChars)}…` : text;
  return JSON.stringify(shown);
}

export function quoteList(items: readonly string[]): string {
  return `[${items.map(quote).join(', ')}]`;
}

/** What an assertion saw: quoted, with its length when it was cut. */
export function quoteSeen(text: string): string {
  return text.length > shownChars ? `${quote(text)} (${text.length} characters)` : quote(text);
}

/** An assertion's code as one line (runs of whitespace as one space), cut short. */
export function codeLine(code: string): string {
  const line = code.replace(/\s+/g, ' ').trim();
  return line.length > shownChars ? `${line.slice(0, shownChars)}…` : line;
}
