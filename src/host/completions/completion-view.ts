// How a completion reads in its panel: where the prompt came from, what was asked, its state and figures,
// as the protocol's plain view. No 'vscode' import, so the wording is unit-tested on Node.

import type { CompletionView } from '../../protocol/completion';
import type { CompletionProgress } from './completion-stream';

/** How much of the prompt the panel shows before the continuation: enough to read on from. */
export const PROMPT_TAIL_CHARS = 400;

/** The prompt's place in its document, 1-based: a selection's lines, or everything before the cursor. */
export interface CompletionSource {
  fileName: string;
  kind: 'selection' | 'before-cursor';
  startLine: number;
  endLine: number;
}

export interface CompletionAsked {
  /** What was sent as `model`; undefined when it was left out (the deployment's default). */
  model?: string;
  /** The default's name, when the deployment said it (GET /v1/models). */
  defaultModel?: string;
  maxTokens: number;
  temperature?: number;
}

export function completionView(source: CompletionSource, asked: CompletionAsked, prompt: string, progress: CompletionProgress): CompletionView {
  const cut = prompt.length > PROMPT_TAIL_CHARS;
  const view: CompletionView = {
    source: sourceText(source),
    request: requestText(asked),
    promptTail: cut ? prompt.slice(-PROMPT_TAIL_CHARS) : prompt,
    promptCut: cut,
    text: progress.text,
    state: progress.state,
    stateText: stateText(progress),
  };
  const figures = figuresText(progress);
  return figures === '' ? view : { ...view, figures };
}

/** "notes.md, line 3", "notes.md, lines 3-7", "notes.md, lines 1-7 (everything before the cursor)". */
export function sourceText(source: CompletionSource): string {
  const lines = source.startLine === source.endLine ? `line ${source.startLine}` : `lines ${source.startLine}-${source.endLine}`;
  return `${source.fileName}, ${lines}${source.kind === 'before-cursor' ? ' (everything before the cursor)' : ''}`;
}

export function requestText(asked: CompletionAsked): string {
  const model =
    asked.model !== undefined ? asked.model : asked.defaultModel !== undefined ? `${asked.defaultModel} (the deployment's default)` : "the deployment's default";
  const parts = [`Model ${model}`, `max_tokens ${asked.maxTokens}`];
  if (asked.temperature !== undefined) parts.push(`temperature ${asked.temperature}`);
  return parts.join(' · ');
}

export function stateText(progress: CompletionProgress): string {
  switch (progress.state) {
    case 'waiting':
      return 'Waiting for the first token…';
    case 'streaming':
      return 'Streaming…';
    case 'done':
      if (progress.finishReason === 'length') return 'Done: max_tokens reached (length).';
      if (progress.finishReason === 'stop') return 'Done: the model stopped (stop).';
      return progress.finishReason ? `Done (${progress.finishReason}).` : 'Done.';
    case 'stopped':
      return 'Stopped: the text so far is kept.';
    case 'incomplete':
      return `Incomplete: ${progress.error ?? 'the stream ended early.'}`;
    case 'error':
      return `Error: ${progress.error ?? 'the deployment did not say why.'}`;
  }
}

/** "5 prompt + 64 completion tokens · first token 120 ms · 48.3 tokens/s · 1.4 s"; empty until something is known. */
export function figuresText(progress: CompletionProgress): string {
  const parts: string[] = [];
  if (progress.usage) parts.push(`${progress.usage.promptTokens} prompt + ${progress.usage.completionTokens} completion tokens`);
  if (progress.timeToFirstTokenMs !== undefined) parts.push(`first token ${Math.round(progress.timeToFirstTokenMs)} ms`);
  if (progress.tokensPerSecond !== undefined) parts.push(`${progress.tokensPerSecond.toFixed(1)} tokens/s`);
  if (progress.totalMs !== undefined) parts.push(`${(progress.totalMs / 1000).toFixed(1)} s`);
  return parts.join(' · ');
}
