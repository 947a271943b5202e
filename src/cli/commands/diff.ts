// scalarlm-lab diff BASE NEW: what changed from the baseline run to the new one (two experiment runs, or two
// batch runs of the same inputs; runs over different inputs are refused), in the order `diff` itself takes its
// files: the counts of cells same, changed, newly passing, newly failing, added and removed, then a unified diff
// of each changed cell's output (`-` lines the baseline's). With --columns BASE,OTHER, two columns of one
// experiment run instead (the base beside its adaptor): OTHER's cells against BASE's in the same rows, by the same
// rule. Exit 0 when nothing changed, 3 when something did, 2 for runs over different inputs.

import { createTwoFilesPatch } from 'diff';
import { discordantText, pairedText } from '../../core/evidence';
import { openTestsFile, testsFileOf } from '../../core/experiments/experiment-tests-file';
import { storedVerdicts } from '../../core/experiments/run-judgement';
import { columnNamed } from '../../core/experiments/column-names';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import { rowLabelIn } from '../../core/experiments/row-labels';
import { answersAlike, answerText, compareColumns, compareRuns, notSameInputs, type RunComparison } from '../../core/runs/compare-runs';
import { adaptorColumns, judgedRows, judgedRowsText, SeenInTraining, type JudgedRows } from '../../core/experiments/evidence';
import { clientFor } from '../connection';
import type { CliIO } from '../io';
import type { ExperimentHeader } from '../../core/runs/ledger-schema';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import type { RunStore } from '../../core/runs/run-store';
import { stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { cliRunStore } from '../run-location';

/** What is compared, as the output names it: the two sides, and each changed cell. */
interface Compared {
  comparison: RunComparison;
  /** The sentence before the counts. */
  heading: string;
  /** The diff's --- and +++ names. */
  sides: [string, string];
  /** With --columns and an adaptor's column: which rows were judged (its held-out rows by default). */
  judged?: JudgedRows;
  cellName(item: RunItem): string;
}

export const diffCommand: Command = {
  name: 'diff',
  summary:
    'Show what changed from the baseline run BASE to the run NEW, over the same inputs, or between two columns of one run.\n' +
    'First the counts of cells same, changed, newly passing (failed in BASE, pass in NEW) or newly failing. BASE and NEW\n' +
    'are run ids (or prefixes) in the runs folder; cells are matched by prompt, provider, test and repeat (experiments)\n' +
    'or by input index (batch runs). With --columns, give one experiment RUN: the column OTHER against the baseline\n' +
    'column BASE, row by row (a trained adaptor beside the base model). When OTHER is a trained adaptor some of whose\n' +
    'rows were in its training data, only its held-out rows are judged (--all-rows: every row).\n' +
    'Where both sides were judged, the exact McNemar test over the cells whose verdicts differ says whether the change\n' +
    'is beyond noise (--json: paired.pValue).\n' +
    "Then a unified diff of each changed cell's output, the baseline as the - side.\n" +
    'Exit 0 when nothing changed, 3 when something did, 2 when BASE and NEW are not runs over the same inputs.',
  usage: 'BASE NEW [options]  |  RUN --columns BASE,OTHER [options]',
  options: {
    columns: { type: 'string', valueName: 'BASE,OTHER', description: "Two columns of one experiment RUN, by number (1 is the first) or label: OTHER's cells against BASE's" },
    'all-rows': { type: 'boolean', description: "With --columns and a trained adaptor's column: judge every row, also those it was trained on" },
  },
  async run(args, io) {
    const store = cliRunStore(io);
    const columns = stringOption(args, 'columns');
    if (columns === undefined && args.values['all-rows'] !== undefined) throw new UsageError('--all-rows goes with --columns: it says which rows of an adaptor\'s column are judged.');
    const compared = columns === undefined ? comparedRuns(store, args.positionals) : await comparedColumns(store, args.positionals, columns, args, io);
    const { comparison } = compared;
    const { counts } = comparison;
    if (args.values.json) {
      io.stdout.write(json({ counts, paired: { ...comparison.paired, text: pairedText(comparison.paired) }, sameAnswers: comparison.sameAnswers, ...(compared.judged ? { rows: rowsJson(compared.judged) } : {}), cells: comparison.cells.filter((c) => c.change !== 'same').map((c) => ({ change: c.change, cell: c.item.cell ?? c.item.index, output: c.item.response, before: c.other?.response ?? null })) }));
    } else {
      const judgedText = compared.judged && judgedRowsText(compared.judged);
      io.stdout.write(`${compared.heading}${judgedText ? `, ${judgedText}` : ''}:\n`);
      io.stdout.write(`${counts.same} same, ${counts.changed} changed, ${counts['newly-passing']} newly passing, ${counts['newly-failing']} newly failing, ${counts.added} added, ${counts.removed} removed.\n`);
      if (comparison.paired.rows > 0) io.stdout.write(`Judged on both sides: ${comparison.paired.rows} (${discordantText(comparison.paired)}): ${pairedText(comparison.paired)}.\n`);
      if (answersAlike(comparison.sameAnswers)) io.stdout.write(`Answers like its baseline on ${comparison.sameAnswers.same}/${comparison.sameAnswers.answered} rows: it changed nothing these rows can show.\n`);
      for (const cell of comparison.cells) {
        if (cell.change === 'same' || !cell.other) continue;
        io.stdout.write(`\n${cell.change}: ${compared.cellName(cell.item)}\n`);
        // Without the "=====" line jsdiff starts with: the ---/+++ header, then the hunks.
        io.stdout.write(createTwoFilesPatch(compared.sides[0], compared.sides[1], textOf(cell.other), textOf(cell.item), undefined, undefined, { context: 2 }).split('\n').slice(1).join('\n'));
      }
    }
    return counts.same === comparison.cells.length && counts.removed === 0 ? EXIT.ok : EXIT.partial;
  },
};

function comparedRuns(store: RunStore, positionals: string[]): Compared {
  const [baseId, newId] = positionals;
  if (!baseId || !newId || positionals.length > 2) throw new UsageError('Give two runs: BASE (the baseline) first, then NEW (the run to compare with it); or one experiment run with --columns BASE,OTHER.');
  const [base, next] = [openRun(store, baseId), openRun(store, newId)];
  const comparison = compareRuns(base, next, storedVerdicts(store, 'trusted'));
  const different = notSameInputs(base, next, comparison, [short(base), short(next)]);
  if (different) {
    throw new UsageError(`Runs ${short(base)} and ${short(next)} are not runs over the same inputs: ${different}. diff compares two runs of one experiment, or of one prompt file; --columns compares two columns of one experiment run.`);
  }
  const tests = openTestsFile(testsFileOf(store.ledgerPath(next.header.runId)));
  return {
    comparison,
    heading: `${next.header.title ?? next.header.runId} (${short(next)}) against the baseline ${base.header.title ?? base.header.runId} (${short(base)})`,
    sides: [`${short(base)} (baseline)`, short(next)],
    cellName: (item) => {
      const columns = next.header.experiment?.columns;
      if (!columns || !item.cell) return `prompt ${item.index + 1}`;
      return `${columnLabel(columns[item.cell[0]])} · ${rowName(item, tests)}`;
    },
  };
}

async function comparedColumns(store: RunStore, positionals: string[], names: string, args: ParsedArgs, io: CliIO): Promise<Compared> {
  const [runId] = positionals;
  if (!runId || positionals.length > 1) throw new UsageError('With --columns, give one experiment RUN: its column OTHER is compared with its column BASE.');
  const run = openRun(store, runId);
  const experiment = run.header.experiment;
  if (!experiment) throw new UsageError(`Run ${short(run)} is not an experiment: it has no columns to compare (give two runs instead).`);
  const parts = names.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => part === '')) throw new UsageError(`--columns takes two columns, BASE,OTHER (the baseline first), by number or label; got "${names}".`);
  const [base, other] = parts.map((part) => columnOf(experiment.columns, part));
  if (base === other) throw new UsageError(`--columns names column ${base + 1} twice: give two different columns.`);
  const tests = openTestsFile(testsFileOf(store.ledgerPath(run.header.runId)));
  const [baseLabel, otherLabel] = [columnLabel(experiment.columns[base]), columnLabel(experiment.columns[other])];
  const judged = adaptorColumns(experiment).includes(other) ? await heldOutRows(store, run, other, args, io) : undefined;
  return {
    ...(judged ? { judged } : {}),
    comparison: compareColumns(run, base, other, storedVerdicts(store, 'trusted'), judged?.rows),
    heading: `${run.header.title ?? run.header.runId} (${short(run)}): column ${otherLabel} against the baseline column ${baseLabel}`,
    sides: [`${baseLabel} (baseline)`, otherLabel],
    cellName: (item) => rowName(item, tests),
  };
}

/** A column named on the command line (column-names.ts has the rule). */
function columnOf(columns: ExperimentHeader['columns'], name: string): number {
  const named = columnNamed(columns, name);
  if (!named.ok) throw new UsageError(`--columns: ${named.problem}.`);
  return named.index;
}

/** An adaptor column's rows by whether it was trained on them: from the runs folder's cache, else the deployment. */
async function heldOutRows(store: RunStore, run: RunProjection, column: number, args: ParsedArgs, io: CliIO): Promise<JudgedRows> {
  const client = clientFor(args, io);
  try {
    const seen = await SeenInTraining.ofLedger(client, store.dir, store.ledgerPath(run.header.runId), run.header.experiment!, io.signal);
    for (const unknown of seen.unknownColumns()) if (unknown.column === column) io.stderr.write(`Whether column ${column + 1}'s rows were seen in training is unknown: ${unknown.reason}\n`);
    return judgedRows(run.items, column, seen, { allRows: args.values['all-rows'] === true });
  } finally {
    await client.close();
  }
}

function rowsJson(judged: JudgedRows): Record<string, unknown> {
  return { judged: judged.rows ? 'held-out' : 'all', heldOut: judged.unseen, seen: judged.seen, unknown: judged.unknown };
}

function short(run: RunProjection): string {
  return run.header.runId.slice(0, 8);
}

function openRun(store: RunStore, idOrPrefix: string): RunProjection {
  const run = store.find(idOrPrefix);
  if (!run) throw new UsageError(`No run in ${store.dir} has an id starting with "${idOrPrefix}" (or several do: give more of it).`);
  return RunProjection.replay(run.ledgerPath, { keepItems: true });
}

function rowName(item: RunItem, tests: ReturnType<typeof openTestsFile>): string {
  const [, test, repeat] = item.cell as [number, number, number];
  return `${rowLabelIn(tests, test)}${repeat > 0 ? ` #${repeat + 1}` : ''}`;
}

function textOf(item: RunItem): string {
  const text = answerText(item);
  return text.endsWith('\n') ? text : `${text}\n`;
}
