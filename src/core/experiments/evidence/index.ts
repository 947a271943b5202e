// An experiment's results as evidence: rows named across runs, a run summed up as a baseline, the baseline file,
// and the gate that compares a run with it.

export { RowKeys, rowIdentities, type RowIdentity } from './row-identity';
export { assertionVerdicts, BASELINE_FORMAT, BASELINE_VERSION, summarizeStoredRun, type CellVerdict, type RunSummary, type RunSummaryOfRun, type SampleJudge, type SampleVerdict, type SummaryCell, type SummaryColumn, type SummaryRow } from './run-summary';
export { baselineText, isBaselineError, parseBaseline } from './baseline-file';
export { BaselineColumnsError, gateAgainstBaseline, mismatchCount, mismatchLines, type BaselineGate, type GateCell, type GateMismatch } from './baseline-gate';
export { adaptorColumns, SeenInTraining, type Seen } from './seen-in-training';
