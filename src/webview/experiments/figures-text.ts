// A column's figures as its header shows them, under the prompt and provider: "pass 10/12 (83%, 55-95%) ·
// score 0.87 · 1 error · 1,234 tok · p50 420 ms" (the pass rate and its 95% interval as the host wrote them; a
// trained adaptor's as "unseen 1/3 (…) · seen 3/3 (…)", apart over the rows not in and in its training data).
// Parts with nothing to say are left out. DOM-free.

import type { ColumnStats } from '../../protocol/experiments';
import { formatCount, formatMs } from '../shared/format';

/**
 * `stats`: the host's figures (absent until a cell of the column answered); `withVerdicts`: some cell of the
 * column has a verdict, so a column with nothing judged is waiting for verdicts rather than without assertions.
 */
export function columnFiguresLine(stats: ColumnStats | undefined, withVerdicts: boolean): string {
  if (stats === undefined) return '';
  const parts: string[] = [];
  if (stats.judged > 0) parts.push(stats.seenSplitText ?? `pass ${stats.passRateText}`);
  else if (withVerdicts) parts.push('no verdicts yet');
  else if (stats.errors === 0) parts.push('no assertions');
  if (stats.judged > 0 && stats.meanScore !== null) parts.push(`score ${stats.meanScore.toFixed(2)}`);
  if (stats.errors > 0) parts.push(`${formatCount(stats.errors)} error${stats.errors === 1 ? '' : 's'}`);
  if (stats.tokens > 0) parts.push(`${formatCount(stats.tokens)} tok`);
  if (stats.medianLatencyMs !== null) parts.push(`p50 ${formatMs(stats.medianLatencyMs)}`);
  return parts.join(' · ');
}
