// What a row shows beyond its cells: with repeats each column's passes of its samples and whether they
// disagree (flaky), and which rows' marks the page does not have yet.

import assert from 'node:assert/strict';
import type { CellOutcome } from '../../../../src/core/judge';
import type { RunItem } from '../../../../src/core/runs/run-projection';
import { disagreeingRows } from '../../../../src/host/experiments/experiment-view-model';
import { rowMarks, ShownRowMarks } from '../../../../src/host/experiments/row-marks';
import { rowSamples } from '../../../../src/host/experiments/row-samples';

function item(index: number, column: number, test: number, repeat: number): RunItem {
  return { index, group: 0, cell: [column, test, repeat], status: 'ok', requestId: null, response: 'x', error: null };
}

describe("the experiment panel's row marks", () => {
  it("counts each column's passes of its samples and marks the columns whose samples disagree", () => {
    // Row 0: column 0 passes 2 of 3 (flaky), column 1 passes all; row 1: column 0 fails, errors, fails.
    const verdicts = new Map<string, CellOutcome['status'] | undefined>([
      ['0,0,0', 'pass'], ['0,0,1', 'fail'], ['0,0,2', 'pass'],
      ['1,0,0', 'pass'], ['1,0,1', 'pass'], ['1,0,2', 'pass'],
      ['0,1,0', 'fail'], ['0,1,1', undefined], ['0,1,2', 'fail'],
    ]);
    const items = [...verdicts.keys()].map((key, index) => item(index, ...(key.split(',').map(Number) as [number, number, number])));
    const outcome = (i: RunItem) => {
      const status = verdicts.get(i.cell!.join(','));
      return status === undefined ? undefined : ({ status } as CellOutcome);
    };
    const samples = rowSamples(items, outcome, 3);
    assert.deepEqual(samples.get(0), [
      { column: 0, passed: 2, judged: 3, samples: 3, flaky: true },
      { column: 1, passed: 3, judged: 3, samples: 3, flaky: false },
    ]);
    assert.deepEqual(samples.get(1), [{ column: 0, passed: 0, judged: 2, samples: 3, flaky: false }]);
    assert.equal(rowSamples(items, outcome, 1).size, 0, 'without repeats there are no samples to count');
  });

  it('marks a row whose columns disagree (one passes, another fails), not one whose samples of one column do', () => {
    // Row 0: column 0 flips between samples, column 1 passes them all (a sample failed: column 0 fails the row);
    // row 1: only column 0 has samples, and they flip; row 2: both columns pass.
    const verdicts: [string, CellOutcome['status']][] = [
      ['0,0,0', 'pass'], ['0,0,1', 'fail'], ['1,0,0', 'pass'], ['1,0,1', 'pass'],
      ['0,1,0', 'pass'], ['0,1,1', 'fail'],
      ['0,2,0', 'pass'], ['1,2,0', 'pass'],
    ];
    const items = verdicts.map(([key], index) => item(index, ...(key.split(',').map(Number) as [number, number, number])));
    const statuses = new Map(verdicts);
    assert.deepEqual([...disagreeingRows(items, (i) => ({ status: statuses.get(i.cell!.join(',')) }) as CellOutcome)], [0]);
  });

  it('sends the rows whose marks changed, a row that lost its marks too, and nothing when nothing changed', () => {
    const shown = new ShownRowMarks();
    const samples = new Map([[1, [{ column: 0, passed: 1, judged: 2, samples: 2, flaky: true }]]]);
    shown.reset(rowMarks(new Set([0]), samples, undefined));
    assert.deepEqual(shown.changes(rowMarks(new Set([0]), samples, undefined)), []);
    const baseline = new Map([[2, [{ column: 0, change: 'regressed' as const }]]]);
    assert.deepEqual(shown.changes(rowMarks(new Set(), samples, baseline)), [
      { index: 0, disagree: false },
      { index: 2, disagree: false, baseline: [{ column: 0, change: 'regressed' }] },
    ]);
    assert.deepEqual(shown.changes(rowMarks(new Set(), samples, baseline)), [], 'what was sent is what the page has');
  });
});
