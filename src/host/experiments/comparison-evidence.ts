// A comparison's evidence as the panel shows it: the paired test in the core's words, and whether the compared
// answers are the same text (the core's rule). The page only shows these; it computes none of them.

import { discordantText, pairedTest, pairedText, type PairedTest } from '../../core/evidence';
import { answersAlike, type RunComparison, type SameAnswers } from '../../core/runs/compare-runs';
import type { ComparisonEvidence, PairedView, SameAnswersView } from '../../protocol/experiments';

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
