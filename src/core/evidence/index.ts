// What makes a result evidence: pass rates with their intervals, the paired test between two columns or runs,
// the rule for repeated samples, stable fingerprints and the held-out pick. Pure functions, asked by every
// front end; nothing here reads a file or a run.

export { passRate, passRateText, ratePercent, type PassRate } from './pass-rate';
export { discordantText, mcnemarP, pairedTest, pairedText, pText, SIGNIFICANCE, type PairedOutcome, type PairedTest } from './paired-test';
export { isFlaky, sampleChange, type SampleChange, type SampleCount } from './repeat-rule';
export { canonicalJson, fingerprint } from './fingerprint';
export { checkFraction, holdoutSplit, HoldoutError, type HoldoutSplit } from './holdout';
