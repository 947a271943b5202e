// Line handling shared by every format: prompts never carry a BOM or CRLF line endings, whatever the
// editor or platform the text came from.

const byteOrderMark = '\uFEFF';

export function stripByteOrderMark(text: string): string {
  return text.startsWith(byteOrderMark) ? text.slice(1) : text;
}

/** The lines of an in-memory text, without their '\r\n' or '\n' (a final newline ends the last line). */
export function splitTextLines(text: string): string[] {
  const lines = stripByteOrderMark(text).split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map(withoutCarriageReturn);
}

export function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

const nonBlank = /\S/;

export function isBlank(line: string): boolean {
  return !nonBlank.test(line);
}
