// The figures of a cell's detail as the pane lists them: request id, tokens, latency, finish reason,
// each only when the host knows it. DOM-free.

import type { CellDetailView } from '../../protocol/experiments';
import { formatCount, formatMs } from '../shared/format';

export interface DetailFact {
  label: string;
  value: string;
}

export function detailFacts(detail: CellDetailView): DetailFact[] {
  const facts: DetailFact[] = [{ label: 'Request id', value: detail.requestId ?? 'none yet' }];
  const { promptTokens, completionTokens } = detail;
  if (promptTokens !== undefined || completionTokens !== undefined) facts.push({ label: 'Tokens', value: tokensText(promptTokens, completionTokens) });
  if (detail.latencyMs !== undefined) facts.push({ label: 'Latency', value: formatMs(detail.latencyMs) });
  if (detail.finishReason !== undefined) facts.push({ label: 'Finish reason', value: detail.finishReason });
  return facts;
}

/** "12 prompt + 80 completion", or the one side that is known. */
function tokensText(prompt: number | undefined, completion: number | undefined): string {
  const parts = [prompt === undefined ? undefined : `${formatCount(prompt)} prompt`, completion === undefined ? undefined : `${formatCount(completion)} completion`];
  return parts.filter((part) => part !== undefined).join(' + ');
}
