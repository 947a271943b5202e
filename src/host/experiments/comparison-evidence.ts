// A comparison's evidence as the panel shows it: the paired test in the core's words, whether the compared
// answers are the same text (the core's rule), and which rows a comparison of an adaptor's column judges (the
// core's words, and which choice the page can offer). The page only shows these; it computes none of them.

import { discordantText, pairedTest, pairedText, type PairedTest } from '../../core/evidence';
import { judgedRowsText, type JudgedRows } from '../../core/experiments/evidence';
import { answersAlike, type RunComparison, type SameAnswers } from '../../core/runs/compare-runs';
import type { ComparisonEvidence, JudgedRowsView, PairedView, SameAnswersView } from '../../protocol/experiments';

export function pairedView(test: PairedTest): PairedView {
  const { outcome, rows, better, worse, pValue } = test;
  return { outcome, rows, better, worse, pValue, text: pairedText(test), discordant: discordantText(test) };
}

function sameAnswersView(answers: SameAnswers): SameAnswersView {
  return { ...answers, alike: answersAlike(answers) };
}

/** What a comparison says beyond its counts; before anything is compared, that nothing was. */
export function comparisonEvidence(comparison?: RunComparison): ComparisonEvidence {
  return { paired: pairedView(comparison?.paired ?? pairedTest(0, 0, 0)), sameAnswers: sameAnswersView(comparison?.sameAnswers ?? { answered: 0, same: 0 }) };
}

/**
 * Which rows an adaptor's column is judged on, said as a sentence; `asking`: the deployment is still being asked
 * which rows it was trained on, so every row is judged meanwhile. The page can switch only when some row is known
 * seen: without one, held-out rows and every row are the same rows.
 */
export function judgedRowsView(judged: JudgedRows | 'asking'): JudgedRowsView | undefined {
  if (judged === 'asking') return { text: 'Judged on every row while the deployment is asked which rows the adaptor was trained on' };
  const text = judgedRowsText(judged);
  if (text === undefined) return undefined;
  const sentence = text[0].toUpperCase() + text.slice(1);
  return judged.seen > 0 ? { text: sentence, judging: judged.rows ? 'held-out' : 'every-row' } : { text: sentence };
}
