// scalarlm-lab bless RUN --out FILE: an experiment run made into a baseline file, to commit beside the config so
// that CI gates on it from a fresh clone (`eval --baseline FILE`, with an empty runs folder). Small, stable JSON:
// each row's key, verdict, passes and score, the fingerprints of its test and assertions, and the models and
// graders of the columns; no paths and no times, so blessing the same results writes the same bytes.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { baselineText, defaultBaselinePath, summarizeStoredRun } from '../../core/experiments/evidence';
import { readRunHeader } from '../../core/runs/ledger-book';
import { stringOption, UsageError, type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { cliRunStore } from '../run-location';

export const blessCommand: Command = {
  name: 'bless',
  summary:
    'Write an experiment run\'s verdicts as a baseline file, for `eval --baseline FILE` to gate on.\n' +
    'RUN is a run id (or a prefix) in the runs folder. The file holds each row\'s key (the fingerprint of its vars),\n' +
    'its verdict, passes and score per column, the fingerprints of its test and assertions, and the models and graders\n' +
    'of the columns: sorted, one row per line, no paths or times, meant to be committed beside the config.\n' +
    'Exit 0 when written; 2 when RUN is not an experiment run.',
  usage: 'RUN [--out FILE]',
  options: {
    out: { type: 'string', short: 'o', valueName: 'FILE', description: 'Where to write the baseline (default: beside the experiment file, as NAME.baseline.json, as the editor saves it)' },
  },
  async run(args, io) {
    const [name] = args.positionals;
    if (!name || args.positionals.length > 1) throw new UsageError('Give one RUN: the id (or a prefix) of the experiment run to bless.');
    const store = cliRunStore(io);
    const run = store.find(name);
    if (!run) throw new UsageError(`No run in ${store.dir} has an id starting with "${name}" (or several do: give more of it).`);
    if (!run.experiment) throw new UsageError(`Run ${run.runId.slice(0, 8)} is not an experiment's run: a baseline needs rows and verdicts.`);
    // The CLI judges the user's own files: javascript assertions run here, as in eval.
    const summary = summarizeStoredRun(store, run.runId, 'trusted');
    const given = stringOption(args, 'out');
    const origin = readRunHeader(store.ledgerPath(run.runId)).experiment?.origin;
    const out = given !== undefined || !origin ? resolve(io.cwd ?? process.cwd(), given ?? 'baseline.json') : defaultBaselinePath(origin.path);
    writeFileSync(out, baselineText(summary));
    const cells = summary.rows.flatMap((row) => row.cells);
    const unjudged = cells.filter((cell) => cell.verdict !== 'pass' && cell.verdict !== 'fail').length;
    io.stderr.write(`Wrote the baseline of run ${run.runId.slice(0, 8)} (${summary.rows.length} rows × ${summary.columns.length} column${summary.columns.length === 1 ? '' : 's'}) to ${out}.\n`);
    if (unjudged > 0) io.stderr.write(`${unjudged} of its cells have no verdict (an error, no answer or no assertions): they cannot regress or be compared.\n`);
    if (args.values.json) io.stdout.write(json({ out, rows: summary.rows.length, columns: summary.columns.length, unjudged }));
    return EXIT.ok;
  },
};
