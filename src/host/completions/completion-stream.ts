// One raw completion (POST /v1/completions, stream: true) continuing a text, reported as it arrives: the
// text so far, then how it ended (finish reason, usage, time to first token, tokens/s). A failure ends the
// completion with what arrived kept; it never throws.

import { tokensPerSecond } from '../../core/chat/answer-rate';
import type { ScalarLMApi } from '../../core/api/api';
import { AbortedError, ServerReportedError, StreamIncompleteError } from '../../core/api/errors';
import type { CompletionRequest } from '../../core/api/types';

export type CompletionState = 'waiting' | 'streaming' | 'done' | 'stopped' | 'error' | 'incomplete';

export interface CompletionProgress {
  state: CompletionState;
  text: string;
  finishReason?: string;
  usage?: { promptTokens: number; completionTokens: number };
  timeToFirstTokenMs?: number;
  tokensPerSecond?: number;
  totalMs?: number;
  error?: string;
}

/** Streams `request` (its `stream` is forced on), calling `onProgress` at each change; resolves with the end. */
export async function streamCompletion(
  api: Pick<ScalarLMApi, 'streamCompletions'>,
  request: CompletionRequest,
  signal: AbortSignal,
  onProgress: (progress: CompletionProgress) => void,
): Promise<CompletionProgress> {
  const started = performance.now();
  const progress: CompletionProgress = { state: 'waiting', text: '' };
  onProgress({ ...progress });
  try {
    const stream = await api.streamCompletions(request, { signal });
    for await (const event of stream) {
      if (event.type === 'content') {
        if (progress.timeToFirstTokenMs === undefined) {
          progress.timeToFirstTokenMs = performance.now() - started;
          progress.state = 'streaming';
        }
        progress.text += event.text;
        onProgress({ ...progress });
      } else if (event.type === 'finish') {
        progress.finishReason = event.reason;
      } else if (event.type === 'usage') {
        progress.usage = { promptTokens: event.usage.prompt_tokens, completionTokens: event.usage.completion_tokens };
      }
    }
    progress.state = 'done';
  } catch (error) {
    Object.assign(progress, ending(error, signal));
  }
  progress.totalMs = performance.now() - started;
  const rate = tokensPerSecond({ completionTokens: progress.usage?.completionTokens, streamedMs: progress.timeToFirstTokenMs === undefined ? undefined : progress.totalMs - progress.timeToFirstTokenMs });
  if (rate !== undefined) progress.tokensPerSecond = rate;
  const final = { ...progress };
  onProgress(final);
  return final;
}

/** Stopped by the user, cut short (the text so far is kept), or the server's own words. */
function ending(error: unknown, signal: AbortSignal): Partial<CompletionProgress> {
  if (signal.aborted || error instanceof AbortedError) return { state: 'stopped' };
  if (error instanceof StreamIncompleteError) return { state: 'incomplete', error: error.message };
  if (error instanceof ServerReportedError) return { state: 'error', error: error.serverText || error.message };
  return { state: 'error', error: error instanceof Error ? error.message : String(error) };
}
