// A request as TypeScript with fetch (Node 18+ or a browser page the deployment's CORS allows). It is
// plain JavaScript as well, so it also runs as an .mjs file. Streams are read as server-sent events.

import { headerPieces, streams, TOKEN_ENV, type SnippetRequest } from './request';

export function typescriptSnippet(request: SnippetRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `    ${JSON.stringify(name)}: ${scriptText(value)},`);
  const lines = [`const response = await fetch(${JSON.stringify(request.url)}, {`, `  method: ${JSON.stringify(request.method)},`];
  if (headers.length > 0) lines.push('  headers: {', ...headers, '  },');
  if (request.body !== undefined) lines.push(`  body: JSON.stringify(${indented(JSON.stringify(request.body, null, 2), '  ')}),`);
  lines.push('});');
  lines.push('if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}: ${await response.text()}`);');
  lines.push(...(streams(request) ? readEvents() : request.kind === 'chat' ? readCompletion() : readResults()));
  return `${lines.join('\n')}\n`;
}

function readEvents(): string[] {
  return [
    '// Server-sent events: a `data:` line per chunk, then `data: [DONE]`.',
    'const decoder = new TextDecoder();',
    'let pending = "";',
    'for await (const bytes of response.body) {',
    '  pending += decoder.decode(bytes, { stream: true });',
    '  const lines = pending.split("\\n");',
    '  pending = lines.pop() ?? "";',
    '  for (const line of lines) {',
    '    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;',
    '    const chunk = JSON.parse(line.slice("data: ".length));',
    '    if (chunk.error) throw new Error(JSON.stringify(chunk.error));',
    '    process.stdout.write(chunk.choices?.[0]?.delta?.content ?? "");',
    '  }',
    '}',
    'process.stdout.write("\\n");',
  ];
}

function readCompletion(): string[] {
  return [
    '// The queue answers 200 even for a worker error: it is in `error`.',
    'const completion = await response.json();',
    'if (completion.error) throw new Error(JSON.stringify(completion.error));',
    'console.log(completion.choices[0].message.content);',
  ];
}

function readResults(): string[] {
  return [
    '// Items not finished within the server\'s wait come back with response null: fetch them with POST /v1/generate/get_results.',
    'const { results } = await response.json();',
    'for (const result of results) console.log(result.request_id, result.error ?? result.response);',
  ];
}

/** A header value as an expression: literal text, and the token read from the environment. */
function scriptText(value: string): string {
  const { literal } = headerPieces(value);
  const parts: string[] = [];
  literal.forEach((piece, index) => {
    if (index > 0) parts.push(`process.env.${TOKEN_ENV}`);
    if (piece !== '') parts.push(JSON.stringify(piece));
  });
  return parts.length > 0 ? parts.join(' + ') : '""';
}

function indented(text: string, indent: string): string {
  return text.replace(/\n/g, `\n${indent}`);
}
