// What the deployment's request detail says about an item, as the detail pane's lines: token counts, the
// group's timing, and a finish reason when the server stored one (batch items have none, protocol §11).
// DOM-free.

import type { ServerFactsView } from '../../protocol/results';
import { formatCount, formatMs } from '../shared/format';

export const ASKING_SERVER = 'Asking the deployment about this request…';

const CLOCK_SLACK_MS = 1000;

export function serverFactsLines(facts: ServerFactsView): string[] {
  if (facts.state === 'none') return [facts.note];
  return [tokensLine(facts), timingLine(facts), ...(facts.finishReason === undefined ? [] : [`Finish reason: ${facts.finishReason}`])].filter((line) => line !== '');
}

type Found = Extract<ServerFactsView, { state: 'found' }>;

/** "12 tokens: 5 prompt + 7 completion"; a part the worker did not report is left out. */
function tokensLine({ promptTokens, completionTokens, totalTokens }: Found): string {
  const parts = [promptTokens === undefined ? '' : `${formatCount(promptTokens)} prompt`, completionTokens === undefined ? '' : `${formatCount(completionTokens)} completion`].filter(Boolean);
  const total = totalTokens ?? (promptTokens !== undefined && completionTokens !== undefined ? promptTokens + completionTokens : undefined);
  if (total === undefined && parts.length === 0) return 'No token counts: the worker did not report them.';
  if (total === undefined) return `Tokens: ${parts.join(' + ')}`;
  return `${formatCount(total)} token${total === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(' + ')}` : ''}`;
}

/** "Its group of 8 was submitted at 14:05:03 and completed 3.2 s later". */
function timingLine({ submittedAt, completedAt, groupStatus, groupSize }: Found): string {
  const group = groupSize === undefined ? 'Its group' : `Its group of ${formatCount(groupSize)}`;
  if (submittedAt === undefined) return completedAt === undefined ? '' : `${group} completed at ${clock(completedAt)}`;
  const submitted = `${group} was submitted at ${clock(submittedAt)}`;
  // A batch sent again rewrites its request file (protocol §10.2): then the completion came first. Within a
  // second it is only the two clocks' rounding (a file's mtime, a completion's time.time()).
  if (completedAt !== undefined && completedAt < submittedAt - CLOCK_SLACK_MS) return `${group} completed at ${clock(completedAt)}; its request was written again at ${clock(submittedAt)}`;
  if (completedAt !== undefined) return `${submitted} and completed ${formatMs(Math.max(0, completedAt - submittedAt))} later`;
  return groupStatus === 'in_progress' ? `${submitted} and is still in progress on the server` : submitted;
}

/** "14:05:03", local time. */
function clock(ms: number): string {
  const date = new Date(ms);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
