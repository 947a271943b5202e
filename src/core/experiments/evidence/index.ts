// An experiment's results as evidence: rows named across runs, a run summed up as a baseline, the baseline file,
// where a baseline comes from, the gate that compares a run with it, and which run each experiment's baseline is in
// a runs folder.

export { RowKeys, rowIdentities, type RowIdentity } from './row-identity';
export { assertionVerdicts, summarizeStoredRun, type RunSummaryOfRun } from './run-summary';
export { BASELINE_FORMAT, BASELINE_VERSION, type BaselineReport, type CellVerdict, type RunSummary, type SampleJudge, type SampleVerdict, type SummaryCell, type SummaryColumn, type SummaryRow } from '../run-summary-types';
export { baselineText, defaultBaselinePath, isBaselineError, parseBaseline } from './baseline-file';
export { chooseBaseline, chosenBaseline, ChosenBaselinesError, experimentKey, readChosenBaselines } from './chosen-baselines';
export { BaselineColumnsError, gateAgainstBaseline, matchRows, mismatchCount, mismatchLines, pairColumns, type BaselineGate, type GateCell, type GateMismatch } from './baseline-gate';
export { baselineReport, BaselineNotFoundError, changesByCell, gateCountsText, loadBaseline, plannedRows, type LoadedBaseline } from './baseline-source';
export { isReviewable, ReviewBook, reviewedVerdicts, reviewKey, reviewsPath, type Review, type ReviewVerdict } from '../reviews';
export { adaptorColumns, SeenInTraining, type Seen } from './seen-in-training';
export { judgedRows, judgedRowsText, type JudgedRows } from './held-out-comparison';
