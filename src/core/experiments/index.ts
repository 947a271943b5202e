// Experiments: a prompt written once, run over tests, its versions side by side on several models; from a
// promptfoo config or a .prompty with its sample or a dataset (experiments.md).

export { cellKey, ExperimentProblems, type ExperimentColumn } from './experiment-cells';
export { experimentFromConfig, experimentFromPrompty, type ExperimentSpec, type PromptyRunOptions, type SpecOptions } from './experiment-spec';
export { readTestsFile, testsFileOf, type StoredTest } from './experiment-tests-file';
export { planExperiment, resumeExperiment, runExperiment, specOf, type ExperimentRunHooks, type PlannedExperiment, type Trust } from './run-experiment';
export { CellJudge, readAssertions, recordVerdict, type CellGrades, type TestAssertions } from './cell-verdicts';
export { gradesFor, gradesOf, gradingRunsOf, planGrading, runGrading, type GradingPlan } from './grading';
export { RunJudgement, storedVerdicts, type Grades } from './run-judgement';
export { renderedCells, type RenderedCell } from './rendered-cells';
