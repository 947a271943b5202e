// A request as a cURL command for a POSIX shell: the URL and body in single quotes (nothing expands in
// them), a header holding the token in double quotes so the shell puts $SCALARLM_TOKEN in.

import { headerPieces, streams, TOKEN_ENV, type SnippetRequest } from './request';

export function curlSnippet(request: SnippetRequest): string {
  const lines = [`curl -sS -X ${request.method} ${singleQuoted(request.url)}`];
  if (streams(request)) lines.push('-N');
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${headerWord(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data-raw ${singleQuoted(JSON.stringify(request.body, null, 2))}`);
  return `${lines.join(' \\\n  ')}\n`;
}

/** Single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function headerWord(header: string): string {
  const { literal, hasToken } = headerPieces(header);
  if (!hasToken) return singleQuoted(header);
  return `"${literal.map((piece) => piece.replace(/[\\"$`]/g, (char) => `\\${char}`)).join(`\${${TOKEN_ENV}}`)}"`;
}
