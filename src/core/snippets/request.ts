// A request to show as code: what was sent, with the gateway token replaced by a placeholder that each
// language reads from the environment. Never the token itself: a snippet is copied, pasted and shared.

export type SnippetKind = 'chat' | 'generate';

export interface SnippetRequest {
  method: 'GET' | 'POST';
  /** The full URL, e.g. `http://localhost:8000/v1/chat/completions`. */
  url: string;
  /** The headers to show; a secret's value holds TOKEN_PLACEHOLDER where the secret goes. */
  headers: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  body?: unknown;
  /** `chat`: POST /v1/chat/completions; `generate`: POST /v1/generate (the batch queue). */
  kind: SnippetKind;
}

export const SNIPPET_FORMATS = ['curl', 'python', 'typescript'] as const;
export type SnippetFormat = (typeof SNIPPET_FORMATS)[number];

/** The environment variable every snippet reads the gateway token from. */
export const TOKEN_ENV = 'SCALARLM_TOKEN';
/** Where the token goes in a header's value, as a shell would write it. */
export const TOKEN_PLACEHOLDER = `$${TOKEN_ENV}`;

/** A header value cut at the placeholder: literal text, and the token between the pieces. */
export function headerPieces(value: string): { literal: string[]; hasToken: boolean } {
  const literal = value.split(TOKEN_PLACEHOLDER);
  return { literal, hasToken: literal.length > 1 };
}

/** Whether the request streams (a chat body with `stream: true`): the snippets read server-sent events then. */
export function streams(request: SnippetRequest): boolean {
  const body = request.body as { stream?: unknown } | undefined;
  return request.kind === 'chat' && body?.stream === true;
}
