// scalarlm-lab export-training RUN: a run made into training data, `{"input", "output"}` JSON lines (the format
// the server trains on). An experiment run gives its rows' expected answers or one column's passing answers,
// each with the prompt that column sent; a results run gives its prompts with their answers. --holdout keeps a
// fraction of the rows out, and the file's origin is recorded in the runs folder for `train` to find.

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { checkFraction, HoldoutError } from '../../core/evidence';
import { RunJudgement } from '../../core/experiments/run-judgement';
import { ReviewBook } from '../../core/experiments/evidence';
import { columnNamed } from '../../core/experiments/column-names';
import { trainingSourceCounts, type SourceCount } from '../../core/experiments/training-sources';
import { trainingExport, type RowsSplit, type TrainingSource } from '../../core/experiments/training-rows';
import { exportOrigin } from '../../core/experiments/training-origin';
import { RunProjection } from '../../core/runs/run-projection';
import { RunStore } from '../../core/runs/run-store';
import { recordDataOrigin, writeTrainingData } from '../../core/training';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { clientFor } from '../connection';
import { EXIT } from '../io';
import { cliRunStore } from '../run-location';

const DEFAULT_OUT = 'data.jsonl';

export const exportTrainingCommand: Command = {
  name: 'export-training',
  summary:
    'Make training data from a run: {"input", "output"} JSON lines, the format ScalarLM trains on.\n' +
    'RUN is a run id (or a prefix) in the runs folder, or a run\'s .ledger.jsonl file. From an experiment run, --from expected (the default)\n' +
    'pairs each row\'s expected answer (its equals assertion or CSV __expected cell, or the var --expected-var names)\n' +
    'with the prompt a column sent; --from passing takes the column\'s answers that passed every assertion; --from\n' +
    'reviewed the answers reviewed in the editor (the correction where one was written, else an answer marked good). A run\n' +
    'without an experiment gives its prompts with their answers. The input is the text the model was given: a chat\n' +
    'prompt as the deployment rendered it (looked up there), else written as Prompty role markers (see the README).\n' +
    '--holdout 0.2 keeps a fifth of the rows out of the data (picked by each row\'s key and --seed, so the same command\n' +
    'picks the same rows) and names them; judge the adaptor on them to see what it learnt rather than memorised.\n' +
    "The file's origin (run, column, split) is recorded in the runs folder, for `train` to note in the adaptor's lineage.\n" +
    'An existing output file is kept unless --force. Exit 0 when written, 2 when the run gives no examples, the file\n' +
    'exists, or the options do not fit it.',
  usage: 'RUN [options]',
  options: {
    from: { type: 'string', valueName: 'expected|passing|reviewed', description: "An experiment run's expected answers (default), the answers that passed every assertion, or the reviewed ones (corrections, and answers marked good)" },
    column: { type: 'string', valueName: 'N|LABEL', description: 'The matrix column whose prompts (and answers) to take: its number from 1, or its label' },
    'expected-var': { type: 'string', valueName: 'NAME', description: 'With --from expected: the var (dataset column) holding each row\'s answer' },
    out: { type: 'string', short: 'o', valueName: 'FILE', description: `Where to write the JSON lines (default ${DEFAULT_OUT})` },
    holdout: { type: 'string', valueName: 'FRACTION', description: "Keep this fraction of an experiment's rows out of the data (between 0 and 1, e.g. 0.2)" },
    seed: { type: 'string', valueName: 'N', description: 'With --holdout: which rows it picks (a whole number, default 0)' },
    force: { type: 'boolean', description: 'Overwrite the output file when it exists (without it, an existing file is refused)' },
  },
  async run(args, io) {
    const [name] = args.positionals;
    if (!name || args.positionals.length > 1) throw new UsageError('Give one RUN: a run id (or a prefix), or a run\'s .ledger.jsonl file.');
    const from = stringOption(args, 'from') ?? 'expected';
    if (from !== 'expected' && from !== 'passing' && from !== 'reviewed') throw new UsageError(`--from must be expected, passing or reviewed; got "${from}".`);
    const holdout = holdoutOption(args);
    const cwd = io.cwd ?? process.cwd();
    const { store, runId } = locate(name, cwd, cliRunStore(io));
    const ledgerPath = store.ledgerPath(runId);
    const run = RunProjection.replay(ledgerPath, { keepItems: true });
    const experiment = run.header.experiment;
    const columnName = stringOption(args, 'column');
    const expectedVar = stringOption(args, 'expected-var');
    if (!experiment && (args.values.from !== undefined || columnName !== undefined || expectedVar !== undefined || holdout !== undefined)) {
      throw new UsageError(`Run ${runId} is not an experiment's run: it gives its prompts with their answers, so --from, --column, --expected-var and --holdout do not apply.`);
    }
    if (expectedVar !== undefined && from !== 'expected') throw new UsageError('--expected-var goes with --from expected.');
    const named = experiment && columnName !== undefined ? columnNamed(experiment.columns, columnName) : undefined;
    if (named && !named.ok) throw new UsageError(`--column: ${named.problem}.`);
    const column = named?.ok ? named.index : undefined;
    const out = resolve(cwd, stringOption(args, 'out') ?? DEFAULT_OUT);
    const overwrite = args.values.force === true;
    // Said before the deployment is asked anything; the write itself refuses a file made meanwhile.
    if (!overwrite && existsSync(out)) throw new UsageError(alreadyThere(out));
    const client = clientFor(args, io);
    try {
      // The CLI runs the user's own files: javascript assertions are judged here, as in eval.
      const judgement = RunJudgement.of(store, runId, 'trusted');
      const reviews = ReviewBook.open(store.dir);
      const choice = { from: from as TrainingSource, ...(column !== undefined ? { column } : {}), ...(expectedVar !== undefined ? { expectedVar } : {}), ...(holdout ? { holdout } : {}), ...(from === 'reviewed' ? { reviews } : {}) };
      const nothing = experiment && givesNothing(trainingSourceCounts(run, judgement, reviews), choice);
      if (nothing) throw new UsageError(nothing);
      const exported = await trainingExport(client, run, judgement, choice, io.signal);
      if (!(await writeTrainingData(exported.examples, out, { overwrite }))) throw new UsageError(alreadyThere(out));
      recordDataOrigin(store.dir, exported.examples, exportOrigin(run.header, choice, exported, cwd));
      io.stderr.write(`Wrote ${exported.what} to ${out}.${exported.skipped ? ` ${exported.skipped} left out (${from === 'expected' && experiment ? 'no expected answer' : from === 'reviewed' ? 'not reviewed, or reviewed as bad with no correction' : 'not passing or not answered'}).` : ''}\n`);
      if (exported.split) io.stderr.write(heldOutLines(exported.split));
      if (exported.fallback) io.stderr.write(`${exported.fallback} chat prompt${exported.fallback === 1 ? ' was' : 's were'} not rendered by the deployment (sent as chat, or no longer held there): written with role markers, not the model's chat template.\n`);
      if (args.values.json) io.stdout.write(JSON.stringify({ out, examples: exported.examples.length, skipped: exported.skipped, fallback: exported.fallback, ...(exported.split ? { holdout: splitJson(exported.split) } : {}) }) + '\n');
      return EXIT.ok;
    } finally {
      await client.close();
    }
  },
};

/** Why the chosen source gives no example, and the flags that would give some; undefined when it gives one. */
function givesNothing(counts: readonly SourceCount[], choice: { from: TrainingSource; expectedVar?: string }): string | undefined {
  const chosen = counts.find((count) => count.from === choice.from && count.expectedVar === choice.expectedVar);
  if (!chosen?.why) return undefined;
  const flags = (count: SourceCount) => (count.expectedVar !== undefined ? `--expected-var ${count.expectedVar}` : `--from ${count.from}`);
  const instead = counts.filter((count) => !count.why).map((count) => `${flags(count)} (${count.qualifying} of ${count.of})`);
  return `${flags(chosen)} gives nothing to train on: ${chosen.why}. ${instead.length ? `Instead: ${instead.join(', ')}.` : 'Nothing else in the run does either.'}`;
}

function alreadyThere(out: string): string {
  return `${out} already exists: pass --force to overwrite it, or --out FILE to write elsewhere.`;
}

/** `--holdout FRACTION [--seed N]`; --seed alone is refused (it picks rows only a holdout keeps out). */
function holdoutOption(args: ParsedArgs): { fraction: number; seed: number } | undefined {
  const text = stringOption(args, 'holdout');
  const seed = numberOption(args, 'seed', { integer: true });
  if (text === undefined) {
    if (seed !== undefined) throw new UsageError('--seed picks the rows --holdout keeps out: give --holdout FRACTION too.');
    return undefined;
  }
  const fraction = Number(text);
  try {
    checkFraction(text.trim() === '' ? Number.NaN : fraction);
  } catch (error) {
    if (error instanceof HoldoutError) throw new UsageError(`--holdout: ${error.message.replace(/got .*$/, `got "${text}"`)}.`);
    throw error;
  }
  return { fraction, seed: seed ?? 0 };
}

/** Which rows were held out, by label: every one of them, so the user can find them in the matrix. */
function heldOutLines(split: RowsSplit): string {
  const rows = split.heldOut.length + split.trained.length;
  const head = `Held out ${split.heldOut.length} of ${rows} row${rows === 1 ? '' : 's'} (fraction ${split.fraction}, seed ${split.seed}); they are not in the data:\n`;
  return head + split.heldOut.map((key) => `  ${split.labels.get(key) ?? key}  (${key})\n`).join('');
}

function splitJson(split: RowsSplit): Record<string, unknown> {
  const rows = (keys: readonly string[]) => keys.map((key) => ({ key, label: split.labels.get(key) ?? key }));
  return { fraction: split.fraction, seed: split.seed, heldOut: rows(split.heldOut), trained: rows(split.trained) };
}

/** A run by its ledger file (its folder is then the store), else by id or prefix in the runs folder. */
function locate(name: string, cwd: string, store: RunStore): { store: RunStore; runId: string } {
  const path = resolve(cwd, name);
  if (name.endsWith('.ledger.jsonl') && existsSync(path)) return { store: new RunStore(dirname(path)), runId: path.slice(dirname(path).length + 1, -'.ledger.jsonl'.length) };
  const run = store.find(name);
  if (!run) throw new UsageError(`No run in ${store.dir} has an id starting with "${name}" (or several do: give more of it), and there is no ledger file ${name}.`);
  return { store, runId: run.runId };
}
