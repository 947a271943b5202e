// A row sampled k times (promptfoo's `repeat`): its pass count of k. One unlucky sample must not fail CI, so a
// row regresses only when its passes fall beyond chance: Fisher's exact test, one-sided, on the passes of the
// baseline and of now (p <= 0.05). With a single sample on each side there is nothing to test and the plain
// rule holds: a pass that is now a fail regresses. Samples of one row that disagree make it flaky.

import { hypergeometricAtLeast } from './binomial';
import { SIGNIFICANCE } from './paired-test';

export interface SampleCount {
  passed: number;
  /** Samples judged pass or fail. */
  judged: number;
}

/**
 * - regressed / improved: fewer (more) passes beyond chance, or a single pass now a fail (a fail now a pass);
 * - fewer-passes / more-passes: a change within what chance gives;
 * - same: the same pass rate; unjudged: a side has nothing judged.
 */
export type SampleChange = 'regressed' | 'improved' | 'fewer-passes' | 'more-passes' | 'same' | 'unjudged';

export function sampleChange(base: SampleCount, now: SampleCount): SampleChange {
  if (base.judged === 0 || now.judged === 0) return 'unjudged';
  const [rateBase, rateNow] = [base.passed / base.judged, now.passed / now.judged];
  if (rateBase === rateNow) return 'same';
  if (base.judged === 1 && now.judged === 1) return rateNow < rateBase ? 'regressed' : 'improved';
  const passes = base.passed + now.passed;
  if (rateNow < rateBase) return hypergeometricAtLeast(base.passed, base.judged, now.judged, passes) <= SIGNIFICANCE ? 'regressed' : 'fewer-passes';
  return hypergeometricAtLeast(now.passed, now.judged, base.judged, passes) <= SIGNIFICANCE ? 'improved' : 'more-passes';
}

/** Some samples passed and some failed. */
export function isFlaky(count: SampleCount): boolean {
  return count.judged >= 2 && count.passed > 0 && count.passed < count.judged;
}
