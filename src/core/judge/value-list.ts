// The list value of contains-any/-all and icontains-any/-all: a YAML list, or one string of
// comma-separated items as promptfoo allows ("Paris, London"). An item with a comma in it is written in
// double quotes, which take "" or \" for a quote and \\ for a backslash; spaces around items are trimmed
// and empty items skipped, as promptfoo does.

export type ListParse = { items: string[] } | { problem: string };

export function parseValueList(text: string): ListParse {
  const items: string[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && (text[at] === ',' || /\s/.test(text[at]))) at++;
    if (at >= text.length) break;
    if (text[at] !== '"') {
      const end = text.indexOf(',', at);
      const stop = end === -1 ? text.length : end;
      items.push(text.slice(at, stop).trim());
      at = stop;
      continue;
    }
    const quoted = readQuoted(text, at);
    if ('problem' in quoted) return quoted;
    items.push(quoted.item);
    at = quoted.next;
    while (at < text.length && /\s/.test(text[at])) at++;
    if (at < text.length && text[at] !== ',') {
      return { problem: `expected a comma after the quoted item "${quoted.item}" (column ${at + 1})` };
    }
  }
  return { items };
}

function readQuoted(text: string, start: number): { item: string; next: number } | { problem: string } {
  let item = '';
  let at = start + 1;
  while (at < text.length) {
    const char = text[at];
    const next = text[at + 1];
    if (char === '\\' && (next === '"' || next === '\\')) {
      item += next;
      at += 2;
    } else if (char === '"' && next === '"') {
      item += '"';
      at += 2;
    } else if (char === '"') {
      return { item, next: at + 1 };
    } else {
      item += char;
      at++;
    }
  }
  return { problem: `the quoted item that starts at column ${start + 1} has no closing quote` };
}
