// scalarlm-lab eval [CONFIG]: a promptfoo config's experiment against the deployment: every cell (prompt x
// provider x test x repeat) rendered here, sent through the batch queue or queue-backed chat, and the matrix
// printed as a table; a progress bar on stderr, one record per cell in --output. What the server already holds
// is fetched, not sent again.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BATCH_DEFAULTS } from '../../core/jobs/defaults';
import { columnLabel, matrixOf, rowLabel, shorten } from '../../core/experiments/experiment-matrix';
import { cellRecord, CellRecordWriter, recordFormatOf } from '../../core/experiments/cell-records';
import { experimentFromConfig, planExperiment, readTestsFile, resumeExperiment, runExperiment, testsFileOf, type ExperimentRunHooks, type StoredTest } from '../../core/experiments';
import type { BatchSummary } from '../../core/batch/runner';
import type { ExperimentHeader } from '../../core/batch/types';
import { readLedger } from '../../core/runs/ledger-book';
import { isFinal, RunProjection, type RunItem } from '../../core/runs/run-projection';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { clientFor } from '../connection';
import { formatDuration } from '../format';
import { EXIT, type CliIO } from '../io';
import { ProgressBar } from '../progress-bar';
import { cliRunStore } from '../run-location';

const DEFAULT_CONFIG = 'promptfooconfig.yaml';
/** Rows printed on stdout; the rest are in --output. */
const TABLE_ROWS = 50;

export const evalCommand: Command = {
  name: 'eval',
  summary:
    "Run an experiment (a promptfoo config) against the deployment and print the matrix of answers.\n" +
    `CONFIG defaults to ${DEFAULT_CONFIG} in the current directory. Cells (prompt x provider x test x repeat) are rendered\n` +
    'here; greedy providers go through the batch queue, sampled or repeated ones through queue-backed chat. Exit 0 when\n' +
    'every cell answered, 3 when some errored or are pending, 1 on a fatal error, 2 on a bad file (file:line on stderr).',
  usage: '[CONFIG] [options]',
  options: {
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'Write one record per cell: .json, .jsonl or .csv' },
    repeat: { type: 'string', valueName: 'N', description: 'Run each cell N times (overrides evaluateOptions.repeat)' },
    'max-concurrency': { type: 'string', valueName: 'N', description: 'Groups and chat calls in flight (overrides evaluateOptions.maxConcurrency; default 4)' },
    'filter-pattern': { type: 'string', valueName: 'REGEX', description: 'Only the tests whose description matches' },
    resume: { type: 'string', valueName: 'RUN', description: 'Continue an experiment run (its id or a prefix) whose files have not changed' },
  },
  run: runEval,
};

async function runEval(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError('Give at most one CONFIG file.');
  const cwd = io.cwd ?? process.cwd();
  const resumeFrom = stringOption(args, 'resume');
  if (resumeFrom !== undefined) return resumeEval(resumeFrom, args, io);
  const path = args.positionals[0] ?? DEFAULT_CONFIG;
  if (!existsSync(resolve(cwd, path))) {
    throw new UsageError(args.positionals[0] ? `There is no experiment file ${path}.` : `There is no ${DEFAULT_CONFIG} here: give the experiment file (a promptfoo config) as CONFIG.`);
  }
  const output = stringOption(args, 'output');
  if (output !== undefined && recordFormatOf(output) === undefined) throw new UsageError(`--output must end in .json, .jsonl or .csv; got "${output}".`);
  const repeat = numberOption(args, 'repeat', { integer: true, min: 1 });
  const maxConcurrency = numberOption(args, 'max-concurrency', { integer: true, min: 1, max: 64 });
  const filterPattern = regexOption(args);

  const spec = await experimentFromConfig(resolve(cwd, path), { ...(repeat ? { repeat } : {}), ...(maxConcurrency ? { maxConcurrency } : {}), ...(filterPattern ? { filterPattern } : {}) });
  const client = clientFor(args, io);
  const store = cliRunStore(io);
  try {
    // The CLI runs the user's own files, as promptfoo does: templates are trusted here.
    const planned = await planExperiment(client, spec, { kind: 'config', path: resolve(cwd, path) }, { trust: 'trusted', maxTokens: BATCH_DEFAULTS.maxTokens, signal: io.signal });
    for (const warning of planned.warnings) io.stderr.write(`${warning}\n`);
    io.stderr.write(`${spec.title}: ${planned.columns.length} column${planned.columns.length === 1 ? '' : 's'} (${planned.columns.map((c) => `${columnLabel(planned.header.columns[c.index])} via ${c.transport}`).join('; ')}), ${planned.cells} cells.\n`);
    return await reported(io, output === undefined ? undefined : resolve(cwd, output), undefined, (hooks) => runExperiment(client, store, planned, hooks));
  } finally {
    await client.close();
  }
}

/** `--resume RUN`: the run's cells rendered again from its unchanged files; what was final is reported at once. */
async function resumeEval(runIdOrPrefix: string, args: ParsedArgs, io: CliIO): Promise<number> {
  const store = cliRunStore(io);
  const run = store.find(runIdOrPrefix);
  if (!run || !run.experiment) throw new UsageError(`No experiment run in ${store.dir} has an id starting with "${runIdOrPrefix}".`);
  const output = stringOption(args, 'output');
  const client = clientFor(args, io);
  try {
    return await reported(io, output === undefined ? undefined : resolve(io.cwd ?? process.cwd(), output), run.ledgerPath, (hooks) => resumeExperiment(client, store, run.runId, { ...hooks, trust: 'trusted' }));
  } finally {
    await client.close();
  }
}

/**
 * Runs the experiment with its report going as cells land: each final cell's record to --output at once (a
 * resumed run's earlier cells first), the first rows kept for the table, the rest when the run stops. Nothing
 * else of the cells is held, so a 100,000-row experiment runs in bounded memory.
 */
async function reported(io: CliIO, output: string | undefined, resumedLedger: string | undefined, run: (hooks: ExperimentRunHooks) => Promise<BatchSummary>): Promise<number> {
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  let writer: CellRecordWriter | undefined;
  let tests = new Map<number, StoredTest>();
  const table = new Map<number, RunItem>();
  const record = (item: RunItem, header: ExperimentHeader) => {
    if (item.cell && item.cell[1] < TABLE_ROWS) table.set(item.index, item);
    const cell = writer && cellRecord(header, item, tests);
    if (cell) writer?.write(cell);
  };
  const projection = new RunProjection({
    keepItems: false,
    keepPrompts: true,
    onItems: (items) => {
      const header = projection.state.header?.experiment;
      if (header) for (const item of items) if (isFinal(item.status)) record(item, header);
    },
  });
  const opened = async (ledgerPath: string) => {
    if (writer || !output) return;
    const header = readLedger(ledgerPath).header;
    if (!header?.experiment) return;
    tests = readTestsFile(testsFileOf(ledgerPath));
    writer = await CellRecordWriter.open(output, { runId: header.runId, title: header.title ?? header.runId, header: header.experiment });
  };
  if (resumedLedger) {
    await opened(resumedLedger);
    projection.read(resumedLedger);
  }
  let started: Promise<void> = Promise.resolve();
  try {
    const summary = await run({
      signal: io.signal,
      onStart: (info) => {
        io.stderr.write(`Run ${resumedLedger ? 'resumed' : 'started'}: ${info.ledgerPath}\n`);
        started = opened(info.ledgerPath);
      },
      onLedger: (lines) => lines.forEach(({ event, offset, next }) => projection.apply(event, offset, next)),
      onProgress: (progress) => bar?.update(progress),
      onLog: (message) => {
        bar?.clear();
        io.stderr.write(`${message}\n`);
      },
      ready: async () => {
        await started;
        await writer?.drained();
      },
    });
    bar?.clear();
    await started;
    const header = projection.header.experiment;
    if (tests.size === 0) tests = readTestsFile(testsFileOf(summary.ledgerPath));
    if (header) for (const item of projection.openItems()) if (item.cell) record(item, header);
    await writer?.close();
    io.stdout.write(matrixTable(projection.header.experiment, [...table.values()], tests, io.stdout.isTTY ? ((io.stdout as { columns?: number }).columns ?? 120) : 160));
    io.stderr.write(summaryLine(summary.counts, summary.state.existingItems, summary.state.sentItems, summary.state.end ? summary.state.end.at - Date.parse(projection.header.createdAt) : undefined));
    if (summary.counts.pending + summary.counts.unsent > 0 && !summary.error) io.stderr.write(`Continue with: scalarlm-lab eval --resume ${summary.runId}\n`);
    if (summary.error) {
      io.stderr.write(`${summary.error.message}\n`);
      return EXIT.fatal;
    }
    return summary.counts.ok === summary.total ? EXIT.ok : EXIT.partial;
  } finally {
    bar?.clear();
  }
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

/** The matrix as a table: a row per test (the first TABLE_ROWS), a column per prompt x provider, cells cut to fit. */
function matrixTable(header: ExperimentHeader | undefined, items: readonly RunItem[], tests: ReadonlyMap<number, StoredTest>, width: number): string {
  if (!header) return '';
  const matrix = matrixOf(items);
  const rowIndices = [...matrix.keys()].sort((a, b) => a - b);
  const labelWidth = Math.min(30, Math.max(8, ...rowIndices.slice(0, TABLE_ROWS).map((i) => rowLabel(tests.get(i), i).length)));
  const cellWidth = Math.max(12, Math.floor((width - labelWidth - 3 * header.columns.length) / Math.max(1, header.columns.length)));
  const line = (cells: string[]) => cells.map((cell, i) => shorten(cell, i === 0 ? labelWidth : cellWidth).padEnd(i === 0 ? labelWidth : cellWidth)).join(' │ ').trimEnd();
  const rows = [line(['', ...header.columns.map(columnLabel)]), line(['', ...header.columns.map((c) => `${c.transport} · ${c.model ?? "deployment's default"}`)])];
  rows.push(rows[0].replace(/[^│]/g, '─').replace(/│/g, '┼'));
  for (const index of rowIndices.slice(0, TABLE_ROWS)) {
    const row = matrix.get(index);
    rows.push(line([rowLabel(tests.get(index), index), ...header.columns.map((_, c) => cellText(row?.get(c) ?? []))]));
  }
  if (header.tests > TABLE_ROWS) rows.push(`... ${header.tests - TABLE_ROWS} more rows (every cell is in --output).`);
  return rows.join('\n') + '\n';
}

/** A cell on one line: its repeats' outputs (or states), separated by " | ". */
function cellText(repeats: readonly RunItem[]): string {
  return repeats.map((item) => (item.status === 'ok' ? (item.response ?? '').replace(/\s+/g, ' ').trim() || '(empty)' : item.status === 'error' ? `[error] ${item.error ?? ''}` : `[${item.status}]`)).join(' | ');
}

function summaryLine(counts: Record<string, number>, fetched: number, sent: number, elapsedMs: number | undefined): string {
  const parts = (['ok', 'error', 'pending', 'unknown', 'unsent'] as const).filter((s) => s === 'ok' || counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return `${total} cells: ${parts.join(', ')}; ${sent} sent, ${fetched} fetched rather than sent${elapsedMs !== undefined ? ` (${formatDuration(elapsedMs)})` : ''}.\n`;
}
