// Grading an experiment run's model-graded assertions (llm-rubric, factuality): every grader prompt of the
// run's answered cells goes out through the batch queue as one ledgered run of its own (greedy is right for
// grading), grouped by grader model (the assertion's provider, the test's options.provider, else the model under
// test). Its items name the cell and the assertion they grade; their answers are read as verdicts, and an answer
// that is not one is a grading error carrying the grader's text, never a pass. Re-running unchanged grading
// sends nothing: the grader prompts are the same batches, found again as any batch is.

import { randomUUID } from 'node:crypto';
import type { ScalarLMApi } from '../api/api';
import type { ChatMessage } from '../api/types';
import { runBatch, type BatchSummary } from '../batch/runner';
import type { BatchParams, CellRef, ExperimentHeader } from '../runs/ledger-schema';
import type { BatchInput } from '../batch/types';
import { graderPrompt, graderProviderOf, parseVerdict, type GradingError, type ModelGradedAssertion, type Verdict } from '../judge';
import { knownGroups } from '../runs/known-groups';
import { RunProjection, type RunItem } from '../runs/run-projection';
import type { RunStore } from '../runs/run-store';
import { CellJudge, testAssertions, type CellGrades } from './cell-verdicts';
import { parseProviderId } from './config';
import { cellKey } from './experiment-cells';
import { openTestsFile, testsFileOf, type StoredTest } from './experiment-tests-file';
import { readRunHeader } from '../runs/ledger-book';
import type { Trust } from '../judge';
import type { ExperimentRunHooks } from './run-experiment';
import { customRubricPrompt } from './rubric-prompt';

/** A verdict is a short JSON object; a grader that rambles past this is cut, and its answer read as it is. */
const GRADER_MAX_TOKENS = 256;
const GRADING_GROUP = 64;

/** The grader prompts of a run's answered cells, gathered item by item, grouped by grader model. */
export class GraderInputs {
  private readonly byModel = new Map<string, { params: BatchParams; inputs: Map<number, BatchInput[]> }>();

  constructor(
    private readonly header: ExperimentHeader,
    private readonly judge: CellJudge,
    private readonly tests: ReadonlyMap<number, StoredTest>,
  ) {}

  add(item: RunItem): void {
    if (!item.cell || item.status !== 'ok') return;
    const [column, test, repeat] = item.cell;
    const stored = this.tests.get(test);
    this.judge.assertionsOf(test).assertions.forEach((assertion, index) => {
      if (assertion.kind !== 'model-graded') return;
      const model = graderModelOf(assertion, stored?.options) ?? this.header.columns[column].model ?? '';
      let group = this.byModel.get(model);
      if (!group) this.byModel.set(model, (group = { params: { ...(model ? { model } : {}), max_tokens: GRADER_MAX_TOKENS }, inputs: new Map() }));
      const { rubricPrompt } = assertion;
      const entry =
        rubricPrompt !== undefined
          ? customRubricPrompt({ ...assertion, rubricPrompt }, item.response ?? '', stored?.vars ?? {}, this.judge.trust)
          : graderPrompt(assertion, { output: item.response ?? '', vars: stored?.vars ?? {}, ...(item.prompt !== undefined ? { prompt: promptOf(item.prompt) } : {}) });
      const inputs = group.inputs.get(item.index) ?? [];
      inputs.push({ entry, params: group.params, cell: [column, test, repeat, index] });
      group.inputs.set(item.index, inputs);
    });
  }

  /** Grouped by grader model, each model's in the run's order. */
  inputs(): BatchInput[] {
    return [...this.byModel.values()].flatMap((group) => [...group.inputs.entries()].sort(([a], [b]) => a - b).flatMap(([, inputs]) => inputs));
  }
}

export interface GradingPlan {
  experimentRunId: string;
  title: string;
  source?: string;
  inputs: BatchInput[];
}

/** What grading an experiment run asks for; undefined when it has no model-graded assertion on an answered cell. */
export function planGrading(store: RunStore, experimentRunId: string, trust: Trust): GradingPlan | undefined {
  const ledgerPath = store.ledgerPath(experimentRunId);
  const tests = openTestsFile(testsFileOf(ledgerPath));
  const header = readRunHeader(ledgerPath);
  if (!header.experiment || !anyModelGraded(tests, trust)) return undefined;
  const judge = new CellJudge(tests, trust);
  const gather = new GraderInputs(header.experiment, judge, tests);
  RunProjection.eachItem(ledgerPath, (item) => gather.add(item));
  const inputs = gather.inputs();
  if (inputs.length === 0) return undefined;
  const source = gradingSource(header.source);
  return { experimentRunId, title: `Grading of ${header.title ?? experimentRunId}`, ...(source ? { source } : {}), inputs };
}

/** Whether any test has a model-graded assertion: each test read and let go, not all held at once. */
function anyModelGraded(tests: ReadonlyMap<number, StoredTest>, trust: Trust): boolean {
  for (const test of tests.values()) {
    if (test.assert?.length && testAssertions(test, trust).assertions.some((assertion) => assertion.kind === 'model-graded')) return true;
  }
  return false;
}

/** Sends the grader prompts as one run; its id is `hooks.runId` or a new one. */
export function runGrading(api: ScalarLMApi, store: RunStore, plan: GradingPlan, hooks: ExperimentRunHooks & { runId?: string } = {}): Promise<BatchSummary> {
  const runId = hooks.runId ?? randomUUID();
  return runBatch({
    ...hooks,
    api,
    runId,
    ledgerPath: store.ledgerPath(runId),
    params: { max_tokens: GRADER_MAX_TOKENS },
    input: arrayInput(plan.inputs),
    totalHint: plan.inputs.length,
    groupSize: GRADING_GROUP,
    title: plan.title,
    gradingOf: plan.experimentRunId,
    ...(plan.source ? { source: plan.source, knownGroups: knownGroups(store, plan.source, runId) } : {}),
  });
}

/** A grading run's verdicts, by cell: each model-graded assertion's verdict, or the grading error. */
export function gradesOf(grading: RunProjection): Map<string, Map<number, Verdict | GradingError>> {
  const grades = new Map<string, Map<number, Verdict | GradingError>>();
  for (const item of grading.items) {
    if (!item.cell || item.cell[3] === undefined) continue;
    const [column, test, repeat, assertion] = item.cell;
    const key = cellKey(column, test, repeat);
    let cell = grades.get(key);
    if (!cell) grades.set(key, (cell = new Map()));
    if (item.status === 'ok') cell.set(assertion, parseVerdict(item.response ?? ''));
    else if (item.status === 'error') cell.set(assertion, { error: `the grader failed: ${item.error ?? ''}`, text: '' });
  }
  return grades;
}

/** The grading runs of an experiment run, newest first. */
export function gradingRunsOf(store: RunStore, experimentRunId: string): string[] {
  return store
    .list()
    .filter((run) => run.gradingOf === experimentRunId)
    .map((run) => run.runId);
}

export function gradesFor(grades: ReadonlyMap<string, CellGrades>, cell: CellRef): CellGrades | undefined {
  return grades.get(cellKey(cell[0], cell[1], cell[2]));
}

/** The model that grades a model-graded assertion (its provider, else the test's options.provider); undefined: the model under test. */
export function graderModelOf(assertion: ModelGradedAssertion, options: Record<string, unknown> | undefined): string | undefined {
  const id = graderProviderOf(assertion, undefined, options ? { options } : undefined);
  if (id === undefined) return undefined;
  const parsed = parseProviderId(id);
  return parsed.ok ? parsed.model : undefined;
}

function gradingSource(source: string | undefined): string | undefined {
  return source === undefined ? undefined : `${source}#grading`;
}

function promptOf(entry: NonNullable<RunItem['prompt']>): string | ChatMessage[] {
  if (typeof entry === 'string') return entry;
  return 'prompt' in entry ? entry.prompt : entry.messages;
}

async function* arrayInput(inputs: readonly BatchInput[]): AsyncGenerator<BatchInput> {
  yield* inputs;
}
