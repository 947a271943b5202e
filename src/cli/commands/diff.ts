// scalarlm-lab diff RUN_A RUN_B: what changed from run B to run A (two experiment runs, or two batch runs of
// the same inputs): the counts of cells same, changed, newly passing, newly failing, added and removed, then a
// unified diff of each changed cell's output. Exit 0 when nothing changed, 3 when something did.

import { createTwoFilesPatch } from 'diff';
import { readTestsFile, testsFileOf } from '../../core/experiments/experiment-tests-file';
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
    'Show what changed between two runs over the same inputs: counts of cells same, changed, newly passing or failing.\n' +
    'RUN_A and RUN_B are run ids (or prefixes) in the runs folder; cells are matched by prompt, provider, test and\n' +
    "repeat (experiments) or by input index (batch runs). Then a unified diff of each changed cell's output.\n" +
    'Exit 0 when nothing changed, 3 when something did.',
  usage: 'RUN_A RUN_B [options]',
  options: {},
  async run(args, io) {
    const [a, b] = args.positionals;
    if (!a || !b || args.positionals.length > 2) throw new UsageError('Give two runs: RUN_A (the newer) and RUN_B (the one to compare with).');
    const store = cliRunStore(io);
    const [runA, runB] = [openRun(store, a), openRun(store, b)];
    const verdictOf = storedVerdicts(store, 'trusted');
    const comparison = compareRuns(runA, runB, verdictOf);
    const { counts } = comparison;
    if (args.values.json) {
      io.stdout.write(json({ counts, cells: comparison.cells.filter((c) => c.change !== 'same').map((c) => ({ change: c.change, cell: c.item.cell ?? c.item.index, output: c.item.response, before: c.other?.response ?? null })) }));
    } else {
      io.stdout.write(`${runA.header.title ?? runA.header.runId} (${runA.header.runId.slice(0, 8)}) against ${runB.header.title ?? runB.header.runId} (${runB.header.runId.slice(0, 8)}):\n`);
      io.stdout.write(`${counts.same} same, ${counts.changed} changed, ${counts['newly-passing']} newly passing, ${counts['newly-failing']} newly failing, ${counts.added} added, ${counts.removed} removed.\n`);
      const tests = readTestsFile(testsFileOf(store.ledgerPath(runA.header.runId)));
      for (const cell of comparison.cells) {
        if (cell.change === 'same' || !cell.other) continue;
        const name = cellName(runA, cell.item, tests);
        io.stdout.write(`\n${cell.change}: ${name}\n`);
        io.stdout.write(createTwoFilesPatch(`${runB.header.runId.slice(0, 8)}`, `${runA.header.runId.slice(0, 8)}`, textOf(cell.other), textOf(cell.item), '', '', { context: 2 }).split('\n').slice(2).join('\n'));
      }
    }
    return counts.same === comparison.cells.length && counts.removed === 0 ? EXIT.ok : EXIT.partial;
  },
};

function openRun(store: RunStore, idOrPrefix: string): RunProjection {
  const run = store.find(idOrPrefix);
  if (!run) throw new UsageError(`No run in ${store.dir} has an id starting with "${idOrPrefix}" (or several do: give more of it).`);
  return RunProjection.replay(run.ledgerPath, { keepItems: true });
}

function cellName(run: RunProjection, item: RunItem, tests: ReturnType<typeof readTestsFile>): string {
  const columns = run.header.experiment?.columns;
  if (!columns || !item.cell) return `prompt ${item.index + 1}`;
  const [column, test, repeat] = item.cell;
  return `${columnLabel(columns[column])} · ${rowLabel(tests.get(test), test)}${repeat > 0 ? ` #${repeat + 1}` : ''}`;
}

function textOf(item: RunItem): string {
  const text = answerText(item);
  return text.endsWith('\n') ? text : `${text}\n`;
}
