import * as assert from 'node:assert/strict';
import { EXPERIMENT_ACTIONS } from '../../../../src/protocol/experiments';
import { columnModel, columnName, columnsSummary, comparedWhere, comparisonWording, EXPERIMENT_TOOLBAR, judgeRowsButton, progressStats, repeatLabel, toolbarButtons, TRANSPORTS, varsTooltip } from '../../../../src/webview/experiments/wording';
import { column, columns, counts, header, noEvidence, progress } from './fixtures';

describe('experiments webview: wording and toolbar', () => {
  it('offers to rerun the cells that errored when there are any, with their count (not "failed": the Failing filter means failed assertions)', () => {
    assert.deepEqual(toolbarButtons('running', counts({ error: 3 })).rerunErrors, { label: 'Rerun errors (3)', enabled: true });
    assert.deepEqual(toolbarButtons('complete', counts({ error: 1200 })).rerunErrors, { label: 'Rerun errors (1,200)', enabled: true });
    assert.equal(toolbarButtons('complete', counts({ ok: 4 })).rerunErrors.enabled, false);
  });

  it('offers to resume once the run stopped with cells pending or unsent', () => {
    assert.equal(toolbarButtons('running', counts({ pending: 2 })).resume.enabled, false);
    assert.deepEqual(toolbarButtons('stopped', counts({ pending: 2, unsent: 5 })).resume, { label: 'Resume (2 pending, 5 unsent)', enabled: true });
    assert.deepEqual(toolbarButtons('cancelled', counts({ unsent: 2280 })).resume, { label: 'Resume (2,280 unsent)', enabled: true });
    assert.deepEqual(toolbarButtons('complete', counts({ ok: 3 })).resume, { label: 'Resume', enabled: false });
    assert.equal(toolbarButtons('deadline', counts({ queued: 3 })).resume.enabled, false);
  });

  it('offers cancel only while running; exports, the ledger and the source always', () => {
    for (const phase of ['complete', 'cancelled', 'deadline', 'failed', 'stopped'] as const) {
      const buttons = toolbarButtons(phase, counts());
      assert.equal(buttons.cancel.enabled, false, phase);
      assert.equal(buttons.exportJsonl.enabled && buttons.exportCsv.enabled && buttons.openLedger.enabled && buttons.openSource.enabled, true, phase);
    }
    assert.equal(toolbarButtons('running', counts()).cancel.enabled, true);
  });

  it("has one button per action of the protocol, in the toolbar order, but the comparison bar's: Stop comparing and which rows are judged", () => {
    const bar = ['clearComparison', 'judgeEveryRow', 'judgeHeldOutRows'];
    assert.deepEqual([...EXPERIMENT_TOOLBAR, ...bar].sort(), [...EXPERIMENT_ACTIONS].sort());
    assert.deepEqual(Object.keys(toolbarButtons('running', counts())).sort(), [...EXPERIMENT_TOOLBAR].sort());
  });

  it("offers to judge every row while an adaptor's held-out rows are judged, and the held-out rows only while every row is; nothing without a choice", () => {
    const text = 'Judged on …';
    assert.deepEqual(judgeRowsButton({ text, judging: 'held-out' }), { action: 'judgeEveryRow', label: 'Judge every row' });
    assert.deepEqual(judgeRowsButton({ text, judging: 'every-row' }), { action: 'judgeHeldOutRows', label: 'Judge held-out rows only' });
    assert.equal(judgeRowsButton({ text }), undefined, 'no row known seen: the held-out rows are every row');
    assert.equal(judgeRowsButton(undefined), undefined);
  });

  it('offers to compare with another run, and to compare columns when there are two, saying "another" while comparing', () => {
    assert.equal(toolbarButtons('complete', counts()).compareWith.label, 'Compare with…');
    assert.equal(toolbarButtons('running', counts(), { comparing: 'run' }).compareWith.label, 'Compare with another…');
    assert.equal(toolbarButtons('running', counts(), { comparing: 'columns' }).compareWith.label, 'Compare with…');
    assert.deepEqual(toolbarButtons('complete', counts(), { columns: 1 }).compareColumns, { label: 'Compare columns…', enabled: false });
    assert.deepEqual(toolbarButtons('complete', counts(), { columns: 2 }).compareColumns, { label: 'Compare columns…', enabled: true });
    assert.deepEqual(toolbarButtons('complete', counts(), { columns: 2, comparing: 'columns' }).compareColumns, { label: 'Compare other columns…', enabled: true });
    assert.equal(toolbarButtons('running', counts()).exportHtml.enabled, true);
  });

  it("offers Set as Baseline once the run stopped, says so when it is the baseline, and Clear Baseline while its experiment has one", () => {
    assert.deepEqual(toolbarButtons('complete', counts()).setBaseline, { label: 'Set as Baseline', enabled: true });
    assert.equal(toolbarButtons('running', counts()).setBaseline.enabled, false, 'a run still going has rows to come');
    assert.deepEqual(toolbarButtons('complete', counts(), { baseline: 'this-run' }).setBaseline, { label: 'This run is the baseline', enabled: false });
    assert.equal(toolbarButtons('complete', counts()).clearBaseline.enabled, false);
    for (const baseline of ['this-run', 'compared', 'incomparable', 'missing'] as const) assert.equal(toolbarButtons('complete', counts(), { baseline }).clearBaseline.enabled, true, baseline);
    assert.deepEqual(toolbarButtons('complete', counts()).saveBaselineFile, { label: 'Save Baseline File…', enabled: true });
  });

  it('says which run the comparison is with and how many cells changed how, zeros too', () => {
    const comparison = {
      kind: 'run' as const,
      runId: '1a2b3c4d5e6f7a8b',
      title: 'Summaries <b>v1</b>',
      createdAt: '2025-01-31T09:05:00Z',
      counts: { same: 1200, changed: 3, 'newly-passing': 1, 'newly-failing': 2, added: 0, removed: 1 },
      ...noEvidence,
    };
    const wording = comparisonWording(comparison, columns(2), (iso) => `<${iso}>`);
    assert.equal(wording.title, 'Compared with Summaries <b>v1</b> (1a2b3c4d, <2025-01-31T09:05:00Z>)');
    assert.deepEqual(wording.counts.map(({ text }) => text), ['3 changed', '1 newly passing', '2 newly failing', '0 added', '1 removed', '1,200 same']);
    assert.deepEqual(wording.counts.map(({ change }) => change), ['changed', 'newly-passing', 'newly-failing', 'added', 'removed', 'same']);
    assert.equal(comparisonWording(comparison, []).title, comparisonWording(comparison, [], (iso) => new Date(iso).toLocaleString()).title, "the user's locale by default");
    assert.match(comparisonWording({ ...comparison, createdAt: 'yesterday' }, []).title, /\(1a2b3c4d, yesterday\)$/);
    assert.equal(comparedWhere(comparison, columns(2)), 'in the compared run');
  });

  it('names the baseline column of a column comparison, by provider when both columns share a prompt', () => {
    const comparison = { kind: 'columns' as const, base: 0, other: 1, counts: { same: 3, changed: 1, 'newly-passing': 2, 'newly-failing': 0, added: 0, removed: 0 }, ...noEvidence };
    const sharing = [column(0, { promptLabel: 'ask.txt', providerLabel: 'base' }), column(1, { promptLabel: 'ask.txt', providerLabel: 'tuned' })];
    const wording = comparisonWording(comparison, sharing);
    assert.equal(wording.title, 'Column "tuned" against the baseline column "base"');
    assert.deepEqual(wording.counts.map(({ text }) => text), ['1 changed', '2 newly passing', '0 newly failing', '3 same'], 'added and removed only when some are');
    assert.equal(comparisonWording({ ...comparison, other: 0, base: 3 }, columns(4)).title, 'Column "prompt 1 · base" against the baseline column "prompt 2 · adaptor-7"', 'prompt and provider when the prompts differ');
    assert.deepEqual(comparisonWording({ ...comparison, counts: { ...comparison.counts, added: 1 } }, sharing).counts.map(({ change }) => change), ['changed', 'newly-passing', 'newly-failing', 'added', 'same']);
    assert.equal(comparedWhere(comparison, sharing), 'in the baseline column "ask.txt · base"');
  });

  it('sums up the columns, rows, cells and transports', () => {
    assert.equal(columnsSummary(header({ rowCount: 1000 })), '6 columns: 3 prompts × 2 providers · 1,000 rows · 6,000 cells · 3 batch, 3 chat');
    assert.equal(columnsSummary(header({ rowCount: 5, repeat: 3 })), '6 columns: 3 prompts × 2 providers · 5 rows · 90 cells (each repeated 3 times) · 3 batch, 3 chat');
    assert.equal(columnsSummary(header({ columns: [column(0)], rowCount: 1 })), '1 column: 1 prompt × 1 provider · 1 row · 1 cell · 1 batch');
  });

  it('writes the progress line: elapsed, ETA while running, queue depth, cells fetched and sent', () => {
    assert.equal(
      progressStats(progress({ etaSeconds: 40, queueDepth: 12, fetchedCells: 40, sentCells: 1200 }), 65_000),
      'Elapsed 1m 05s · ETA 40s · Queue depth 12 · 40 cells fetched, not sent · 1,200 sent',
    );
    assert.equal(progressStats(progress({ phase: 'complete', etaSeconds: 40, fetchedCells: 1, sentCells: 0 }), 5000), 'Elapsed 5s · 1 cell fetched, not sent · 0 sent');
  });

  it('adds how grading goes when the run has model-graded assertions', () => {
    assert.equal(progressStats(progress({ grading: { graded: 40, total: 120, phase: 'running' } }), 1000), 'Elapsed 1s · 0 cells fetched, not sent · 0 sent · Grading: 40 / 120 (running)');
    assert.match(progressStats(progress({ phase: 'complete', grading: { graded: 1200, total: 1200, phase: 'complete' } }), 1000), / · Grading: 1,200 \/ 1,200 \(complete\)$/);
    assert.match(progressStats(progress({ grading: { graded: 3, total: 9, phase: 'deadline' } }), 1000), /Grading: 3 \/ 9 \(stopped at the deadline\)$/);
  });

  it('names columns by prompt and provider, and the model when the provider label does not say it', () => {
    assert.equal(columnName(column(0)), 'prompt 1 · base');
    assert.equal(columnModel(column(0)), 'llama-3-8b');
    assert.equal(columnModel(column(1)), undefined);
    assert.equal(columnModel(column(0, { model: '' })), undefined);
    assert.equal(columns(6).map(columnName).length, new Set(columns(6).map(columnName)).size);
  });

  it('explains each transport', () => {
    assert.equal(TRANSPORTS.batch.label, 'batch');
    assert.match(TRANSPORTS.batch.description, /\/v1\/generate/);
    assert.match(TRANSPORTS.chat.description, /\/v1\/chat\/completions/);
  });

  it("lists a row's vars for its tooltip, cutting long values", () => {
    assert.equal(varsTooltip({ topic: 'cats', n: '3' }), 'topic: cats\nn: 3');
    assert.equal(varsTooltip({}), 'No vars');
    const long = varsTooltip({ text: 'x'.repeat(1000) });
    assert.equal(long, `text: ${'x'.repeat(200)}…`);
  });

  it('counts repeats from 1 for people', () => {
    assert.equal(repeatLabel(0, 3), 'Repeat 1 of 3');
    assert.equal(repeatLabel(2, 3), 'Repeat 3 of 3');
  });
});
