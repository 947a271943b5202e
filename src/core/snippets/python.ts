// A request as Python: chat through the `openai` SDK pointed at the deployment, a batch through the
// `scalarlm` SDK. Body fields the SDK call has no argument for go in `extra_body` (chat) or are named in a
// comment (batch), so nothing that was sent is silently missing.

import { pythonLiteral } from './python-literal';
import { headerPieces, streams, TOKEN_ENV, type SnippetRequest } from './request';

/** Arguments of `client.chat.completions.create` in the openai SDK; other body fields go in extra_body. */
const OPENAI_CHAT_ARGUMENTS = new Set([
  'model', 'messages', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'stop', 'seed', 'stream', 'stream_options',
  'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'presence_penalty', 'frequency_penalty', 'reasoning_effort',
  'n', 'logprobs', 'top_logprobs', 'logit_bias', 'user', 'metadata', 'store', 'modalities', 'prediction', 'service_tier',
]);

/** Headers the SDKs set themselves. */
const SDK_HEADERS = new Set(['content-type', 'accept']);

export function pythonSnippet(request: SnippetRequest): string {
  return request.kind === 'chat' ? openAiChat(request) : scalarlmGenerate(request);
}

function openAiChat(request: SnippetRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const headers = Object.entries(request.headers).filter(([name]) => !SDK_HEADERS.has(name.toLowerCase()));
  // The SDK sends its api_key as "Authorization: Bearer <key>": a bearer token header becomes the key.
  const bearer = headers.find(([name, value]) => name.toLowerCase() === 'authorization' && value.startsWith('Bearer '));
  const others = headers.filter((header) => header !== bearer);
  const usesToken = headers.some(([, value]) => headerPieces(value).hasToken);
  const lines = [...(usesToken ? ['import os', ''] : []), 'from openai import OpenAI', '', 'client = OpenAI('];
  lines.push(`    base_url=${JSON.stringify(request.url.replace(/\/chat\/completions$/, ''))},`);
  if (bearer) lines.push(`    api_key=${pythonText(bearer[1].slice('Bearer '.length))},`);
  else lines.push('    # ScalarLM checks no key, but the SDK needs one (it sends it as "Authorization: Bearer unused").', '    api_key="unused",');
  if (others.length > 0) lines.push(`    default_headers=${headerDict(others, '    ')},`);
  lines.push(')', '');

  const extra = Object.fromEntries(Object.entries(body).filter(([key]) => !OPENAI_CHAT_ARGUMENTS.has(key)));
  const argumentsList = Object.entries(body).filter(([key]) => OPENAI_CHAT_ARGUMENTS.has(key));
  lines.push('response = client.chat.completions.create(');
  for (const [key, value] of argumentsList) lines.push(`    ${key}=${pythonLiteral(value, '    ')},`);
  if (Object.keys(extra).length > 0) lines.push(`    extra_body=${pythonLiteral(extra, '    ')},`);
  lines.push(')');
  if (streams(request)) {
    lines.push('for chunk in response:', '    if chunk.choices and chunk.choices[0].delta.content:', '        print(chunk.choices[0].delta.content, end="", flush=True)', 'print()');
  } else {
    lines.push('print(response.choices[0].message.content)');
  }
  return `${lines.join('\n')}\n`;
}

function scalarlmGenerate(request: SnippetRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const lines = ['import scalarlm', ''];
  const headers = Object.entries(request.headers).filter(([name]) => !SDK_HEADERS.has(name.toLowerCase()));
  if (headers.length > 0) {
    const names = headers.map(([name, value]) => (headerPieces(value).hasToken ? `${name} (with the token from $${TOKEN_ENV})` : name)).join(', ');
    lines.push(`# The request also carried these headers, which the SDK does not send: ${names}.`);
  }
  lines.push(`llm = scalarlm.SupermassiveIntelligence(api_url=${JSON.stringify(request.url.replace(/\/v1\/generate$/, ''))})`);
  const taken: [string, string][] = [
    ['prompts', 'prompts'],
    ['model', 'model_name'],
    ['max_tokens', 'max_tokens'],
  ];
  const rest = Object.entries(body).filter(([key]) => !taken.some(([field]) => field === key));
  if (rest.length > 0) lines.push(`# Also in the request, with no argument in this call: ${rest.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ')}.`);
  lines.push('results = llm.generate(');
  for (const [field, argument] of taken) if (body[field] !== undefined) lines.push(`    ${argument}=${pythonLiteral(body[field], '    ')},`);
  lines.push(')', 'print(results)');
  return `${lines.join('\n')}\n`;
}

function headerDict(headers: [string, string][], indent: string): string {
  const inner = `${indent}    `;
  return `{\n${headers.map(([name, value]) => `${inner}${JSON.stringify(name)}: ${pythonText(value)},`).join('\n')}\n${indent}}`;
}

/** A header value as a Python expression: literal text, and the token read from the environment. */
function pythonText(value: string): string {
  const { literal } = headerPieces(value);
  const parts: string[] = [];
  literal.forEach((piece, index) => {
    if (index > 0) parts.push(`os.environ[${JSON.stringify(TOKEN_ENV)}]`);
    if (piece !== '') parts.push(JSON.stringify(piece));
  });
  return parts.length > 0 ? parts.join(' + ') : '""';
}
