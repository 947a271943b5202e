// Code to copy: a request that was sent (a chat turn, a batch group, an experiment cell) as cURL, Python
// and TypeScript, each sending exactly that URL, body and headers, the gateway token as $SCALARLM_TOKEN.

import { curlSnippet } from './curl';
import { pythonSnippet } from './python';
import type { SnippetFormat, SnippetRequest } from './request';
import { typescriptSnippet } from './typescript';

export { SNIPPET_FORMATS, TOKEN_ENV, TOKEN_PLACEHOLDER, type SnippetFormat, type SnippetKind, type SnippetRequest } from './request';

export function snippetsFor(request: SnippetRequest): Record<SnippetFormat, string> {
  return { curl: curlSnippet(request), python: pythonSnippet(request), typescript: typescriptSnippet(request) };
}

/** What each format is called in menus and messages. */
export const SNIPPET_LABELS: Record<SnippetFormat, string> = { curl: 'cURL', python: 'Python', typescript: 'TypeScript' };
