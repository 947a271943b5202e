// Values shown inside reasons and messages: quoted like JSON strings, and cut short so that a
// long expected answer does not drown the reason it appears in.

const shownChars = 120;

export function quote(text: string): string {
  const shown = text.length > shownChars ? `${text.slice(0, shownChars)}…` : text;
  return JSON.stringify(shown);
}

export function quoteList(items: readonly string[]): string {
  return `[${items.map(quote).join(', ')}]`;
}
