// The figures of a cell's detail as the pane lists them: request id, tokens, latency, finish reason,
// each only when the host knows it; and each of its assertions' results. DOM-free.

import type { AssertionView, CellDetailView } from '../../protocol/experiments';
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

/** One assertion's result as the detail lists it; `reason` is the assertion's (or grader's) text, as given. */
export interface AssertionRow {
  status: AssertionView['status'];
  icon: string;
  /** The icon's meaning, for screen readers and its tooltip. */
  statusLabel: string;
  type: string;
  /** "score 0.50 · weight 2 · metric accuracy". */
  figures: string;
  reason: string;
  /** What a grader wrote when it was not a verdict. */
  graderText?: string;
}

const ASSERTION_STATUSES: Record<AssertionView['status'], { icon: string; label: string }> = {
  pass: { icon: '✓', label: 'passed' },
  fail: { icon: '✗', label: 'failed' },
  refused: { icon: '⊘', label: 'refused: javascript assertions run only in trusted workspaces' },
  error: { icon: '!', label: 'error: the grader gave no verdict' },
  pending: { icon: '…', label: 'waiting for the grader' },
};

export function assertionRows(assertions: readonly AssertionView[]): AssertionRow[] {
  return assertions.map((assertion) => {
    const { icon, label } = ASSERTION_STATUSES[assertion.status];
    // Weight 0 is informational: its result shows, and the cell's verdict ignores it.
    const figures = [`score ${assertion.score.toFixed(2)}`, assertion.weight === 0 ? 'weight 0 (not counted)' : `weight ${assertion.weight}`];
    if (assertion.metric !== undefined && assertion.metric !== '') figures.push(`metric ${assertion.metric}`);
    return { status: assertion.status, icon, statusLabel: label, type: assertion.type, figures: figures.join(' · '), reason: assertion.reason, ...(assertion.graderText !== undefined ? { graderText: assertion.graderText } : {}) };
  });
}
