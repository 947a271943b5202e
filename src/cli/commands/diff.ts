// scalarlm-lab diff BASE NEW: what changed from the baseline run to the new one (two experiment runs, or two
// batch runs of the same inputs), in the order `diff` itself takes its files: the counts of cells same,
// changed, newly passing, newly failing, added and removed, then a unified diff of each changed cell's output
// (`-` lines the baseline's). Exit 0 when nothing changed, 3 when something did.

import { createTwoFilesPatch } from 'diff';
import { openTestsFile, testsFileOf } from '../../core/experiments/experiment-tests-file';
import { storedVerdicts } from '../../core/experiments/run-judgement';
import { columnLabel, rowLabel } from '../../core/experiments/experiment-matrix';
import { answerText, compareRuns } from '../../core/runs/compare-runs';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import type { RunStore } from '../../core/runs/run-store';
import { UsageError, type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { cliRunStore } from '../run-location';

export const diffCommand: Command = {
  name: 'diff',
  summary:
    'Show what changed from the baseline run BASE to the run NEW, over the same inputs.\n' +
    'First the counts of cells same, changed, newly passing (failed in BASE, pass in NEW) or newly failing. BASE and NEW\n' +
    'are run ids (or prefixes) in the runs folder; cells are matched by prompt, provider, test and repeat (experiments)\n' +
    'or by input index (batch runs).\n' +
    "Then a unified diff of each changed cell's output, BASE as the - side, NEW as the + side.\n" +
    'Exit 0 when nothing changed, 3 when something did.',
  usage: 'BASE NEW [options]',
  options: {},
  async run(args, io) {
    const [baseId, newId] = args.positionals;
    if (!baseId || !newId || args.positionals.length > 2) throw new UsageError('Give two runs: BASE (the baseline) first, then NEW (the run to compare with it).');
    const store = cliRunStore(io);
    const [base, next] = [openRun(store, baseId), openRun(store, newId)];
    const verdictOf = storedVerdicts(store, 'trusted');
    const comparison = compareRuns(base, next, verdictOf);
    const { counts } = comparison;
    if (args.values.json) {
      io.stdout.write(json({ counts, cells: comparison.cells.filter((c) => c.change !== 'same').map((c) => ({ change: c.change, cell: c.item.cell ?? c.item.index, output: c.item.response, before: c.other?.response ?? null })) }));
    } else {
      io.stdout.write(`${next.header.title ?? next.header.runId} (${short(next)}) against the baseline ${base.header.title ?? base.header.runId} (${short(base)}):\n`);
      io.stdout.write(`${counts.same} same, ${counts.changed} changed, ${counts['newly-passing']} newly passing, ${counts['newly-failing']} newly failing, ${counts.added} added, ${counts.removed} removed.\n`);
      const tests = openTestsFile(testsFileOf(store.ledgerPath(next.header.runId)));
      for (const cell of comparison.cells) {
        if (cell.change === 'same' || !cell.other) continue;
        const name = cellName(next, cell.item, tests);
        io.stdout.write(`\n${cell.change}: ${name}\n`);
        // Without the "=====" line jsdiff starts with: the ---/+++ header, then the hunks.
        io.stdout.write(createTwoFilesPatch(`${short(base)} (baseline)`, short(next), textOf(cell.other), textOf(cell.item), undefined, undefined, { context: 2 }).split('\n').slice(1).join('\n'));
      }
    }
    return counts.same === comparison.cells.length && counts.removed === 0 ? EXIT.ok : EXIT.partial;
  },
};

function short(run: RunProjection): string {
  return run.header.runId.slice(0, 8);
}

function openRun(store: RunStore, idOrPrefix: string): RunProjection {
  const run = store.find(idOrPrefix);
  if (!run) throw new UsageError(`No run in ${store.dir} has an id starting with "${idOrPrefix}" (or several do: give more of it).`);
  return RunProjection.replay(run.ledgerPath, { keepItems: true });
}

function cellName(run: RunProjection, item: RunItem, tests: ReturnType<typeof openTestsFile>): string {
  const columns = run.header.experiment?.columns;
  if (!columns || !item.cell) return `prompt ${item.index + 1}`;
  const [column, test, repeat] = item.cell;
  return `${columnLabel(columns[column])} · ${rowLabel(tests.get(test), test)}${repeat > 0 ? ` #${repeat + 1}` : ''}`;
}

function textOf(item: RunItem): string {
  const text = answerText(item);
  return text.endsWith('\n') ? text : `${text}\n`;
}
