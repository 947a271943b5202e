// Messages between the host and the completion panel ("ScalarLM: Complete Selection": a raw /v1/completions
// stream continuing the selected text). Both sides compile this file; it imports only its sibling protocol files.

import type { AnswerState } from './chat';
import { messageGuard, type MessageOf, type MessageSpec } from './message-shape';

/** A completion goes through the states of a chat answer: waiting, streaming, then done, stopped, error or incomplete. */
export type CompletionViewState = AnswerState;

/** Everything the page shows, already worded by the host. */
export interface CompletionView {
  /** Where the prompt came from: "notes.md, lines 3-7". */
  source: string;
  /** "Model tiny-random/gemma-4-dense · max_tokens 256 · temperature 0". */
  request: string;
  /** The end of the prompt, so the continuation reads on from it; `promptCut` when its start was left out. */
  promptTail: string;
  promptCut: boolean;
  /** The continuation so far. */
  text: string;
  state: CompletionViewState;
  /** "Streaming…", "Done (length): max_tokens reached.", "Stopped.", "Error: …". */
  stateText: string;
  /** "5 prompt + 64 completion tokens · first token 120 ms · 48.3 tokens/s · 1.4 s", once known. */
  figures?: string;
}

/** Host -> webview: the whole view, throttled while a stream runs (a completion is bounded by max_tokens). */
export type CompletionHostMessage = { type: 'show'; view: CompletionView };

export const COMPLETION_ACTIONS = ['stop', 'insert', 'copy', 'again'] as const;
export type CompletionAction = (typeof COMPLETION_ACTIONS)[number];

/** What the page posts, declared once: the type below and the host's check both come from it. */
export const COMPLETION_FROM_WEBVIEW = {
  /** The page has its listeners in place; the host posts nothing before this. */
  ready: {},
  action: { action: COMPLETION_ACTIONS },
} as const satisfies MessageSpec;

export type CompletionWebviewMessage = MessageOf<typeof COMPLETION_FROM_WEBVIEW>;

export const isCompletionWebviewMessage = messageGuard(COMPLETION_FROM_WEBVIEW);

const STATES: readonly CompletionViewState[] = ['waiting', 'streaming', 'done', 'stopped', 'error', 'incomplete'];

/** Narrows what the page receives (and what it saved before a reload): a `show` with a well-formed view. */
export function isCompletionHostMessage(value: unknown): value is CompletionHostMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, view } = value as { type?: unknown; view?: unknown };
  return type === 'show' && isCompletionView(view);
}

export function isCompletionView(value: unknown): value is CompletionView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  const texts = ['source', 'request', 'promptTail', 'text', 'stateText'].every((key) => typeof view[key] === 'string');
  return texts && typeof view.promptCut === 'boolean' && STATES.includes(view.state as CompletionViewState) && (view.figures === undefined || typeof view.figures === 'string');
}
