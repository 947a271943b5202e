// How an answer reads: its state badge, the waiting and 429 lines, the error box, the footer figures and
// what screen readers hear when its state changes. DOM-free.

import { shortModelName, type AnswerAction, type AnswerState, type AnswerView, type CodeFormat, type Transport } from '../../protocol/chat';
import { formatCount, formatMs, wholeSeconds } from '../shared/format';

// en-US on purpose: the rest of the UI is English, and host tests read these strings.
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const STATE_LABELS: Record<AnswerState, string> = {
  waiting: 'waiting',
  streaming: 'streaming',
  done: 'done',
  stopped: 'stopped',
  interrupted: 'interrupted',
  error: 'error',
  incomplete: 'incomplete',
};

/** Each answer's buttons, left to right. */
export const ANSWER_ACTIONS: readonly { action: AnswerAction; label: string; title: string }[] = [
  { action: 'copy', label: 'Copy', title: 'Copy the answer' },
  { action: 'insert', label: 'Insert at cursor', title: 'Insert the answer at the cursor of the editor you came from; a selection is kept, and the answer goes after it' },
  { action: 'open', label: 'Open in editor', title: 'Open the answer in a new editor' },
];

/** The buttons that copy a turn's request as code, left to right. */
export const CODE_ACTIONS: readonly { format: CodeFormat; label: string }[] = [
  { format: 'curl', label: 'cURL' },
  { format: 'python', label: 'Python' },
  { format: 'typescript', label: 'TypeScript' },
];

/** States after which nothing more arrives for the answer (until it is retried). */
export function isFinished(state: AnswerState): boolean {
  return state !== 'waiting' && state !== 'streaming';
}

/** An empty model name means the deployment's default model: named when the deployment said which it is. */
export function modelLabel(model: string, defaultModel?: string): string {
  if (model === '') return defaultModel === undefined ? "deployment's default model" : `${shortModelName(defaultModel)} (default)`;
  return shortModelName(model);
}

export interface FooterText {
  finishReason?: string;
  usage?: string;
  ttft?: string;
  rate?: string;
  total?: string;
}

export function footerText(view: AnswerView): FooterText {
  const footer: FooterText = {};
  if (view.finishReason !== undefined) footer.finishReason = `Finish: ${view.finishReason}`;
  if (view.usage !== undefined) {
    footer.usage = `${formatCount(view.usage.promptTokens)} prompt + ${formatCount(view.usage.completionTokens)} completion tokens`;
  }
  if (view.timeToFirstTokenMs !== undefined) footer.ttft = `First token ${formatMs(view.timeToFirstTokenMs)}`;
  if (view.tokensPerSecond !== undefined) footer.rate = `${oneDecimal.format(view.tokensPerSecond)} tokens/s`;
  if (view.totalMs !== undefined) footer.total = `Total ${formatMs(view.totalMs)}`;
  return footer;
}

export interface WaitingLine {
  /** `retry`: a 429 countdown; `queue`: waiting on the server's queue; `stream`: waiting for the first token. */
  kind: 'retry' | 'queue' | 'stream';
  text: string;
}

/**
 * The line under a waiting answer, `sinceMs` after its figures arrived: the figures are the host's, and the
 * page counts on from them between messages, so the line ticks every second.
 */
export function waitingLine(view: AnswerView, transport: Transport, sinceMs: number): WaitingLine | undefined {
  if (view.state !== 'waiting') return undefined;
  if (view.retryAfterSeconds !== undefined) {
    const left = Math.ceil(view.retryAfterSeconds - sinceMs / 1000);
    return { kind: 'retry', text: left > 0 ? `Server busy (429): retrying in ${left} s` : 'Server busy (429): retrying now' };
  }
  const waited = wholeSeconds((view.waitingMs ?? 0) + sinceMs);
  if (transport === 'stream') return { kind: 'stream', text: `Waiting for the first token… ${waited}` };
  const heartbeats = view.heartbeats ?? 0;
  const beats = heartbeats === 0 ? '' : ` (${formatCount(heartbeats)} ${heartbeats === 1 ? 'heartbeat' : 'heartbeats'})`;
  return { kind: 'queue', text: `Waiting in the queue… ${waited}${beats}` };
}

export function errorText(view: AnswerView): string | undefined {
  if (view.state === 'error') return view.error === undefined || view.error === '' ? 'The server gave no error text.' : view.error;
  if (view.state === 'interrupted') return view.error === undefined || view.error === '' ? 'Cut off on its way: the text that had arrived is kept.' : view.error;
  if (view.state !== 'incomplete') return undefined;
  const early = 'The stream ended early, without [DONE]; the partial text is kept.';
  return view.error === undefined || view.error === '' ? early : `${early}\n${view.error}`;
}

/** What a screen reader hears when the answer's state changes; nothing while it only waits. */
export function stateAnnouncement(view: AnswerView): string | undefined {
  const model = modelLabel(view.model);
  if (view.state === 'waiting') return view.retryAfterSeconds === undefined ? undefined : `${model}: server busy, retrying in ${view.retryAfterSeconds} s`;
  if (view.state === 'error') return `${model}: error. ${errorText(view)}`;
  if (view.state === 'incomplete') return `${model}: incomplete, the stream ended early`;
  if (view.state === 'interrupted') return `${model}: interrupted. ${errorText(view)}`;
  return `${model}: ${STATE_LABELS[view.state]}`;
}

/** Arguments as the model sent them, indented when they are JSON (a half-streamed call is not yet). */
export function formatToolArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
