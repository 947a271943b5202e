// scalarlm-lab eval [CONFIG]: a promptfoo config's experiment against the deployment: every cell (prompt x
// provider x test x repeat) rendered here, sent through the batch queue or queue-backed chat, and the matrix
// printed as a table; a progress bar on stderr, one record per cell in --output. What the server already holds
// is fetched, not sent again. A trained adaptor's cells say whether their input was in its training data.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ReviewBook } from '../../core/experiments/evidence';
import { BATCH_DEFAULTS } from '../../core/batch/limits';
import { deploymentProblem } from '../../core/batch/deployment-check';
import { baselineFits, baselineOption, gatedRun, gateExit, gateLines, type BaselineOption, type GatedRun } from '../eval-baseline';
import { overlongCell } from '../../core/experiments/overlong-cell';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import type { ScalarLMClient } from '../../core/api/client';
import { cellRecord, type CellRecord, type RecordMarks } from '../../core/experiments/cell-records';
import { CellRecordWriter, recordFormatOf } from '../../core/experiments/reports/record-writer';
import { ColumnTally } from '../../core/experiments/column-figures';
import { SeenInTraining } from '../../core/experiments/evidence';
import { addedProviderProblem, experimentFromConfig } from '../../core/experiments/experiment-spec';
import { gradesOf, planGrading, runGrading } from '../../core/experiments/grading';
import { planExperiment, resumeExperiment, runExperiment, type ExperimentRunHooks } from '../../core/experiments/run-experiment';
import { openTestsFile, testsFileOf } from '../../core/experiments/experiment-tests-file';
import { recordVerdict } from '../../core/experiments/cell-verdicts';
import { RunJudgement } from '../../core/experiments/run-judgement';
import type { BatchSummary } from '../../core/batch/runner';
import type { AddedProvider } from '../../core/runs/ledger-schema';
import { readLedger, readRunHeader } from '../../core/runs/ledger-book';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import { UNCONFINED } from '../../core/files/file-access';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { CommandDeadline } from '../command-deadline';
import { clientFor, timeoutMsOf } from '../connection';
import { formatDuration } from '../format';
import { EXIT, type CliIO } from '../io';
import { ProgressBar } from '../progress-bar';
import { matrixTable, TABLE_ROWS, type TableCell } from '../matrix-table';
import { cliRunStore } from '../run-location';

const DEFAULT_CONFIG = 'promptfooconfig.yaml';

export const evalCommand: Command = {
  name: 'eval',
  summary:
    "Run an experiment (a promptfoo config) against the deployment and print the matrix of answers.\n" +
    `CONFIG defaults to ${DEFAULT_CONFIG} in the current directory. Cells (prompt x provider x test x repeat) are rendered\n` +
    'here; greedy providers go through the batch queue, sampled or repeated ones through queue-backed chat; assertions\n' +
    'are judged (model-graded ones by a grading run through the batch queue). Exit 0 when every cell answered and\n' +
    'passed, 100 when some assertion failed, 3 when some cell errored or is pending, 1 on a fatal error, 2 on a bad file\n' +
    '(file:line on stderr). With --baseline, each row is compared with the same row of the baseline (rows matched by\n' +
    'their vars, judged by the same assertions): exit 100 when a row that passed there fails now (with repeats: when\n' +
    'its passes fall beyond chance), 0 when none did, 2 when the baseline\'s rows or assertions are not this run\'s.',
  usage: '[CONFIG] [options]',
  options: {
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'Write the cells: .json, .jsonl or .csv (one record each), .xml (JUnit) or .html (a report)' },
    repeat: { type: 'string', valueName: 'N', description: 'Run each cell N times (overrides evaluateOptions.repeat)' },
    'max-concurrency': { type: 'string', valueName: 'N', description: 'Groups and chat calls in flight (overrides evaluateOptions.maxConcurrency; default 4)' },
    'filter-pattern': { type: 'string', valueName: 'REGEX', description: 'Only the tests whose description matches' },
    'filter-failing': { type: 'string', valueName: 'FILE', description: 'Only the tests that failed (or errored) in this earlier --output .json' },
    resume: { type: 'string', valueName: 'RUN', description: 'Continue an experiment run (its id or a prefix) whose files have not changed' },
    'allow-long-prompts': { type: 'boolean', description: "Send cells longer than the model's context could hold (refused otherwise)" },
    provider: { type: 'string', valueName: 'scalarlm:MODEL', description: "Add a provider column for this run, after the file's own (a trained adaptor beside the base): only its cells are sent" },
    'provider-label': { type: 'string', valueName: 'LABEL', description: 'The added column\'s label (default: its id)' },
    baseline: { type: 'string', valueName: 'RUN_OR_FILE', description: 'Gate on a baseline (a file from bless, or a run): exit 100 only when a row that passed there fails now' },
    'baseline-partial': { type: 'boolean', description: 'With --baseline: compare the rows that match the baseline, and say how many did not' },
  },
  run: runEval,
};

async function runEval(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError('Give at most one CONFIG file.');
  const cwd = io.cwd ?? process.cwd();
  const resumeFrom = stringOption(args, 'resume');
  if (resumeFrom !== undefined && stringOption(args, 'provider') !== undefined) throw new UsageError('--resume takes the run up with the columns it began with: give --provider to a new run.');
  if (resumeFrom !== undefined) return resumeEval(resumeFrom, args, io);
  const path = args.positionals[0] ?? DEFAULT_CONFIG;
  if (!existsSync(resolve(cwd, path))) {
    throw new UsageError(args.positionals[0] ? `There is no experiment file ${path}.` : `There is no ${DEFAULT_CONFIG} here: give the experiment file (a promptfoo config) as CONFIG.`);
  }
  const output = stringOption(args, 'output');
  if (output !== undefined && recordFormatOf(output) === undefined) throw new UsageError(`--output must end in .json, .jsonl, .csv, .xml (JUnit) or .html; got "${output}".`);
  const repeat = numberOption(args, 'repeat', { integer: true, min: 1 });
  const maxConcurrency = numberOption(args, 'max-concurrency', { integer: true, min: 1, max: 64 });
  const filterPattern = regexOption(args);
  const onlyTests = failingTests(args, cwd);
  const timeoutMs = timeoutMsOf(args);

  const gate = baselineOption(args, cwd, io);
  const added = addedProvider(args);
  // The user's own files: what they name is read wherever it is, as promptfoo does.
  const spec = await experimentFromConfig(resolve(cwd, path), { access: UNCONFINED, ...(repeat ? { repeat } : {}), ...(maxConcurrency ? { maxConcurrency } : {}), ...(filterPattern ? { filterPattern } : {}), ...(onlyTests ? { onlyTests } : {}), ...(added ? { addedProviders: [added] } : {}) });
  const problem = added && addedProviderProblem(added, spec.providers.slice(0, -1));
  if (problem) throw new UsageError(`--provider: ${problem}.`);
  const client = clientFor(args, io);
  const store = cliRunStore(io);
  // --timeout bounds the whole command, every request in it: planning, the size check, the run and its grading.
  const deadline = new CommandDeadline(io.signal, timeoutMs);
  try {
    // The CLI runs the user's own files, as promptfoo does: templates are trusted here.
    // The files' own notes first: they still show when rendering the cells stops the run.
    const said = spec.warnings.length;
    for (const warning of spec.warnings) io.stderr.write(`${warning}\n`);
    const planned = await planExperiment(client, spec, { kind: 'config', path: resolve(cwd, path), ...(added ? { addedProviders: [added] } : {}) }, { trust: 'trusted', maxTokens: BATCH_DEFAULTS.maxTokens, signal: deadline.signal });
    for (const warning of planned.warnings.slice(said)) io.stderr.write(`${warning}\n`);
    const refused = await deploymentProblem(client, planned.header.columns.map((column) => column.model), deadline.signal);
    if (refused) {
      io.stderr.write(`${refused}\n`);
      return EXIT.usage;
    }
    const tooLong = args.values['allow-long-prompts'] === true ? undefined : await overlongCell(client, planned, deadline.signal);
    if (tooLong) {
      io.stderr.write(`${tooLong}\nNothing was sent. --allow-long-prompts sends it anyway.\n`);
      return EXIT.usage;
    }
    if (gate && !(await baselineFits(gate, planned, io))) return EXIT.usage;
    io.stderr.write(`${spec.title}: ${planned.columns.length} column${planned.columns.length === 1 ? '' : 's'} (${planned.columns.map((c) => `${columnLabel(planned.header.columns[c.index])} via ${c.transport}`).join('; ')}), ${planned.cells} cells.\n`);
    return await reported(io, output === undefined ? undefined : resolve(cwd, output), client, deadline, 'Run started', (hooks) => runExperiment(client, store, planned, hooks), undefined, gate);
  } catch (error) {
    return stoppedBefore(error, deadline, io);
  } finally {
    deadline.dispose();
    await client.close();
  }
}

/** A deadline that passed before the run began stopped a request of the command's own checks: said, exit 3. */
function stoppedBefore(error: unknown, deadline: CommandDeadline, io: CliIO): number {
  if (!deadline.timedOut) throw error;
  io.stderr.write(`${deadline.stoppedLine('the run had not begun, nothing was sent')}\n`);
  return EXIT.partial;
}

/** `--resume RUN`: the run's cells rendered again from its unchanged files; what was final is reported at once. */
async function resumeEval(runIdOrPrefix: string, args: ParsedArgs, io: CliIO): Promise<number> {
  const store = cliRunStore(io);
  const run = store.find(runIdOrPrefix);
  if (!run || !run.experiment) throw new UsageError(`No experiment run in ${store.dir} has an id starting with "${runIdOrPrefix}".`);
  const output = stringOption(args, 'output');
  const timeoutMs = timeoutMsOf(args);
  const gate = baselineOption(args, io.cwd ?? process.cwd(), io);
  const client = clientFor(args, io);
  const deadline = new CommandDeadline(io.signal, timeoutMs);
  // The summary counts what this session sent and fetched, not what the run had before it.
  const before = readLedger(run.ledgerPath);
  try {
    return await reported(io, output === undefined ? undefined : resolve(io.cwd ?? process.cwd(), output), client, deadline, 'Run resumed', (hooks) => resumeExperiment(client, store, run.runId, { ...hooks, trust: 'trusted', access: UNCONFINED }), before, gate);
  } catch (error) {
    return stoppedBefore(error, deadline, io);
  } finally {
    deadline.dispose();
    await client.close();
  }
}

/**
 * Runs the experiment (a progress bar on stderr), then grades its model-graded assertions as a run of their own,
 * then reports: the ledger read through once more, each cell judged, its record to --output, the first rows
 * kept for the table. Nothing else of the cells is held, so a 100,000-row experiment runs in bounded memory.
 */
async function reported(io: CliIO, output: string | undefined, client: ScalarLMClient, deadline: CommandDeadline, began: string, run: (hooks: ExperimentRunHooks) => Promise<BatchSummary>, before?: { existingItems: number; sentItems: number }, gate?: BaselineOption): Promise<number> {
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  const hooks = (began: string): ExperimentRunHooks => ({
    signal: io.signal,
    deadline: deadline.expired,
    onStart: (info) => io.stderr.write(`${began}: ${info.ledgerPath}\n`),
    onProgress: (progress) => bar?.update(progress),
    onLog: (message) => {
      bar?.clear();
      io.stderr.write(`${message}\n`);
    },
  });
  try {
    const summary = await run(hooks(began));
    bar?.clear();
    const store = cliRunStore(io);
    const plan = summary.error ? undefined : planGrading(store, summary.runId, 'trusted');
    let grading: BatchSummary | undefined;
    // Past the deadline nothing more is sent: the model-graded assertions stay unjudged.
    let gradingCut = plan !== undefined && deadline.timedOut;
    if (plan && !gradingCut) {
      io.stderr.write(`Grading ${plan.inputs.length} model-graded assertion${plan.inputs.length === 1 ? '' : 's'} through the batch queue.\n`);
      try {
        grading = await runGrading(client, store, plan, hooks('Grading run started'));
      } catch (error) {
        if (!deadline.timedOut) throw error;
        gradingCut = true;
      }
      bar?.clear();
    }
    const gated = gate && !summary.error && !grading?.error ? gatedRun(store, summary.runId, gate) : undefined;
    const report = await writeReport(summary.ledgerPath, grading?.ledgerPath, output, await seenMarks(client, store.dir, summary.ledgerPath, io), gated);
    io.stdout.write(report.table(io.stdout.isTTY ? ((io.stdout as { columns?: number }).columns ?? 120) : 160));
    if (gated) (gated.report ? io.stdout : io.stderr).write(gateLines(gated));
    const header = readRunHeader(summary.ledgerPath);
    const fetched = summary.state.existingItems - (before?.existingItems ?? 0);
    const sent = summary.state.sentItems - (before?.sentItems ?? 0);
    io.stderr.write(summaryLine(summary.counts, report.verdicts, fetched, sent, summary.state.end ? summary.state.end.at - Date.parse(header.createdAt) : undefined));
    const unfinished = summary.counts.pending + summary.counts.unknown + summary.counts.unsent;
    if (summary.reason === 'deadline') io.stderr.write(`${deadline.stoppedLine(`${unfinished} cell${unfinished === 1 ? '' : 's'} unfinished`)}\n`);
    else if (gradingCut || grading?.reason === 'deadline') io.stderr.write(`${deadline.stoppedLine('some model-graded assertions unjudged')}\n`);
    if ((summary.counts.pending + summary.counts.unsent > 0 || summary.reason === 'deadline') && !summary.error) io.stderr.write(`Continue with: scalarlm-lab eval --resume ${summary.runId}\n`);
    const failed = summary.error ?? grading?.error;
    if (failed) {
      io.stderr.write(`${failed.message}\n`);
      return EXIT.fatal;
    }
    if (gated) return gateExit(gated, summary.counts.ok !== summary.total || report.verdicts.error + report.verdicts.pending > 0);
    // Cells without an answer (or whose grading failed) cannot be judged: that is said first.
    if (summary.counts.ok !== summary.total || report.verdicts.error + report.verdicts.pending > 0) return EXIT.partial;
    return report.verdicts.fail > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    bar?.clear();
  }
}

interface Report {
  verdicts: Record<'pass' | 'fail' | 'error' | 'pending', number>;
  table(width: number): string;
}

/** Which of the run's adaptor cells were seen in training; the columns the deployment could not say for are named on stderr. */
async function seenMarks(client: ScalarLMClient, runsDir: string, ledgerPath: string, io: CliIO): Promise<SeenInTraining> {
  const experiment = readRunHeader(ledgerPath).experiment;
  if (!experiment) return SeenInTraining.NONE;
  const seen = await SeenInTraining.ofLedger(client, runsDir, ledgerPath, experiment, io.signal);
  for (const { column, reason } of seen.unknownColumns()) io.stderr.write(`Column ${column + 1} (${columnLabel(experiment.columns[column])}): whether its cells were seen in training is unknown: ${reason}\n`);
  return seen;
}

/** The run's ledger read through (and its grading's): every cell judged, its record written, the first rows kept. */
async function writeReport(ledgerPath: string, gradingLedger: string | undefined, output: string | undefined, seen: SeenInTraining, gated?: GatedRun): Promise<Report> {
  const tests = openTestsFile(testsFileOf(ledgerPath));
  const judgement = new RunJudgement(tests, 'trusted', gradingLedger ? gradesOf(RunProjection.replay(gradingLedger, { keepItems: true })) : new Map());
  const header = readRunHeader(ledgerPath);
  const experiment = header.experiment;
  const writer = output && experiment ? await CellRecordWriter.open(output, { runId: header.runId, title: header.title ?? header.runId, header: experiment, createdAt: header.createdAt, ...(gated?.report ? { baseline: gated.report } : {}) }) : undefined;
  const tally = experiment && new ColumnTally(experiment.columns);
  /** One object for every cell's marks, its `seen` set per cell: nothing is made per cell for them. */
  const marks: RecordMarks = { reviews: ReviewBook.open(dirname(ledgerPath)) };
  const verdicts = { pass: 0, fail: 0, error: 0, pending: 0 };
  const table = new Map<number, TableCell>();
  const take = (item: RunItem) => {
    if (!experiment || !item.cell) return;
    const verdict = recordVerdict(judgement.outcome(item));
    if (verdict && verdict.status !== 'no-assertions') verdicts[verdict.status]++;
    const mark = seen.of(item);
    if (item.cell[1] < TABLE_ROWS) table.set(item.index, { item, verdict, seen: mark });
    marks.seen = mark;
    const record = cellRecord(experiment, item, tests, verdict, marks);
    if (!record) return;
    const change = gated?.changeOf(item.cell[1], item.cell[0]);
    if (change) record.againstBaseline = change;
    tally?.add(record);
    writer?.write(record);
  };
  RunProjection.eachItem(ledgerPath, take);
  await writer?.close();
  const figures = tally?.figures() ?? [];
  return { verdicts, table: (width) => matrixTable(experiment, [...table.values()], tests, figures, width) };
}

/** `--filter-failing FILE`: the tests with a cell that failed or errored in an earlier `--output` JSON. */
function failingTests(args: ParsedArgs, cwd: string): Set<number> | undefined {
  const file = stringOption(args, 'filter-failing');
  if (file === undefined) return undefined;
  let results: unknown;
  try {
    results = (JSON.parse(readFileSync(resolve(cwd, file), 'utf8')) as { results?: unknown }).results;
  } catch (error) {
    throw new UsageError(`--filter-failing needs an earlier eval's --output .json file; ${file} cannot be read as one: ${(error as Error).message}.`);
  }
  if (!Array.isArray(results)) throw new UsageError(`--filter-failing: ${file} has no "results" list (write one with --output results.json).`);
  const failing = results.filter((r: CellRecord) => r.status === 'error' || r.verdict?.status === 'fail' || r.verdict?.status === 'error').map((r: CellRecord) => r.test.index);
  return new Set(failing);
}

/** `--provider scalarlm:MODEL [--provider-label LABEL]`: a column for this run only. */
function addedProvider(args: ParsedArgs): AddedProvider | undefined {
  const id = stringOption(args, 'provider');
  const label = stringOption(args, 'provider-label');
  if (id === undefined) {
    if (label !== undefined) throw new UsageError('--provider-label names the column --provider adds: give --provider too.');
    return undefined;
  }
  return { id, ...(label !== undefined ? { label } : {}) };
}

function regexOption(args: ParsedArgs): RegExp | undefined {
  const text = stringOption(args, 'filter-pattern');
  if (text === undefined) return undefined;
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`--filter-pattern is not a regular expression: ${(error as Error).message}.`);
  }
}

function summaryLine(counts: Record<string, number>, verdicts: Report['verdicts'], fetched: number, sent: number, elapsedMs: number | undefined): string {
  const parts = (['ok', 'error', 'pending', 'unknown', 'unsent'] as const).filter((s) => s === 'ok' || counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const judged = verdicts.pass + verdicts.fail + verdicts.error + verdicts.pending;
  const judging = judged > 0 ? ` Assertions: ${verdicts.pass} passed, ${verdicts.fail} failed${verdicts.error ? `, ${verdicts.error} could not be judged` : ''}${verdicts.pending ? `, ${verdicts.pending} not answered` : ''}.` : '';
  return `${total} cells: ${parts.join(', ')}; ${sent} sent, ${fetched} fetched rather than sent${elapsedMs !== undefined ? ` (${formatDuration(elapsedMs)})` : ''}.${judging}\n`;
}

