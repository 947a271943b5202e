// An experiment run as one static HTML file: it opens from disk or a CI artifact with no server and no network
// (inline style, no scripts, fonts or images, a CSP that forbids anything else). A header with the run's counts
// and each column's figures (an adaptor's pass rates apart over rows unseen and seen in its training), then the
// matrix: a row per test, a column per prompt x provider, each cell's badge, verdict, whether a trained adaptor
// saw its input in training, failing assertions and output. Every string from the run is escaped text: model output is data.

import type { CellRecord, RecordedRun } from '../cell-records';
import { columnLabel, shorten, valueText } from '../experiment-matrix';
import { columnFigures, columnIndexer, seenSplitText, type ColumnFigures } from '../column-figures';
import { namedReason } from '../../judge';
import { passRateText, type SampleChange } from '../../evidence';
import type { BaselineReport } from '../run-summary-types';
import { gateCountsText } from '../evidence';
import { htmlText as h } from './escape';
import { HTML_REPORT_STYLE } from './html-style';
import { outcomeCounts, reportOutcome, type ReportOutcome } from '../report-outcome';
import { failingAssertions, inMatrixOrder, pendingReason } from './report-cells';

/** Outputs longer than this (characters or lines) are folded into <details>, their first line as the summary. */
const LONG_OUTPUT = { chars: 600, lines: 12 };
const SUMMARY_WIDTH = 120;
const VAR_WIDTH = 200;
const TEST_COLUMN_PX = 220;
const CELL_COLUMN_PX = 300;

const BADGES: Record<ReportOutcome, string> = { pass: 'pass', fail: 'fail', answered: 'no assertions', error: 'error', pending: 'pending' };

/** Changes against the baseline worth a badge; the same or unjudged cells carry none. */
const CHANGE_BADGES: Partial<Record<SampleChange, string>> = { regressed: 'regressed', improved: 'newly passing', 'fewer-passes': 'fewer passes (within noise)', 'more-passes': 'more passes (within noise)' };

interface Row {
  test: CellRecord['test'];
  cells: CellRecord[][];
}

/** The file in pieces, to be written as they come. */
export function* htmlReport(run: RecordedRun, records: Iterable<CellRecord>): Generator<string> {
  const columns = run.header.columns;
  const all = [...records];
  const counts = outcomeCounts(all);
  const figures = columnFigures(all, columns);
  const rows = rowsOf(all, run);

  yield '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n';
  yield `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">\n`;
  yield '<meta name="viewport" content="width=device-width, initial-scale=1">\n';
  // Columns keep a readable width however many there are; the page scrolls sideways past the window's width.
  const matrixWidth = `.matrix { width: max(100%, ${TEST_COLUMN_PX + columns.length * CELL_COLUMN_PX}px); } .matrix th.test { width: ${TEST_COLUMN_PX}px; }`;
  yield `<title>${h(run.title)} · ScalarLM Prompt Lab</title>\n<style>${HTML_REPORT_STYLE}${matrixWidth}\n</style>\n</head>\n<body>\n`;

  yield `<header>\n<h1>${h(run.title)}</h1>\n<p class="meta">Run <code>${h(run.runId)}</code>${run.createdAt ? ` · created ${h(run.createdAt)}` : ''}</p>\n<ul class="counts">`;
  const tiles: [number, string][] = [[counts.cells, 'cells'], [counts.passed, 'passed'], [counts.failed, 'failed'], [counts.errors, 'errors'], [counts.pending, 'pending']];
  if (counts.answered > 0) tiles.push([counts.answered, 'answered, no assertions']);
  yield tiles.map(([n, label]) => `<li><b>${n}</b>${label}</li>`).join('');
  yield '</ul>\n';
  if (run.baseline) yield baselineSection(run.baseline);
  const reviewed = all.filter((record) => record.review).length;
  if (reviewed > 0) yield `<p class="meta">Reviewed ${reviewed} of ${all.filter((record) => record.status === 'ok').length} answers.</p>\n`;
  yield '</header>\n';

  yield '<section>\n<h2>Columns</h2>\n<table class="figures">\n<thead><tr><th>Prompt × provider</th><th>Model</th><th>Transport</th><th>Cells</th><th>Pass rate</th><th>Mean score</th><th>Errors</th><th>Tokens</th><th>Median latency</th></tr></thead>\n<tbody>\n';
  for (const [index, column] of columns.entries()) yield figureRow(columnLabel(column), column.model ?? "deployment's default", column.transport, figures[index]);
  yield '</tbody>\n</table>\n';
  if (figures.some(unreported)) yield `<p class="meta">${h(NOT_REPORTED)}</p>\n`;
  yield '</section>\n';

  yield `<section>\n<h2>Matrix</h2>\n<table class="matrix">\n<thead><tr><th class="test">Test</th>${columns.map((column) => `<th>${h(columnLabel(column))}</th>`).join('')}</tr></thead>\n<tbody>\n`;
  for (const row of rows) yield matrixRow(row);
  yield '</tbody>\n</table>\n</section>\n</body>\n</html>\n';
}

/** What the run was gated on, its counts and the paired test per column. */
function baselineSection(baseline: BaselineReport): string {
  const left = baseline.unmatchedRows > 0 ? ` (${baseline.unmatchedRows} rows did not match and were left out)` : '';
  const lines = baseline.paired.map((p) => `<li>${h(p.column)} against ${h(p.baseColumn)}: ${h(p.text)}</li>`).join('');
  return `<p class="baseline">Against the baseline ${h(baseline.name)}, ${baseline.comparedRows} rows${h(left)}: ${h(gateCountsText(baseline.counts))}.</p>\n<ul class="baseline">${lines}</ul>\n`;
}

function rowsOf(records: readonly CellRecord[], run: RecordedRun): Row[] {
  const indexOf = columnIndexer(run.header.columns);
  const rows = new Map<number, Row>();
  for (const record of records) {
    let row = rows.get(record.test.index);
    if (!row) rows.set(record.test.index, (row = { test: record.test, cells: run.header.columns.map(() => []) }));
    row.cells[indexOf(record)].push(record);
  }
  const sorted = [...rows.values()].sort((a, b) => a.test.index - b.test.index);
  for (const row of sorted) for (const cell of row.cells) cell.sort(inMatrixOrder);
  return sorted;
}

/** Why a column shows "—" for tokens or latency: what the deployment did not report is not shown as 0. */
const NOT_REPORTED = '— : not reported by the deployment. The batch queue (/v1/generate) answers with the text only: its token counts and timings are in the deployment\'s request browser (ScalarLM: Server Requests).';

function unreported(f: ColumnFigures): boolean {
  return f.cells - f.errors > 0 && (f.tokensReported === 0 || f.medianLatencyMs === null);
}

function figureRow(label: string, model: string, transport: string, f: ColumnFigures): string {
  const passRate = f.passRate.rate === null ? '—' : passRateText(f.passRate);
  const answered = f.cells - f.errors > 0;
  const tokens = f.tokensReported > 0 || !answered ? f.tokens : '—';
  const cells = [f.cells, passRate, f.meanScore === null ? '—' : f.meanScore.toFixed(2), f.errors, tokens, f.medianLatencyMs === null ? '—' : duration(f.medianLatencyMs)].map((value) => h(String(value)));
  const split = seenSplitText(f);
  if (split) cells[1] += `<span class="split">${h(split)}</span>`;
  return `<tr><td>${h(label)}</td><td>${h(model)}</td><td>${h(transport)}</td>${cells.map((value) => `<td class="n">${value}</td>`).join('')}</tr>\n`;
}

function matrixRow(row: Row): string {
  const heading = `<b>${h(row.test.description ?? `test ${row.test.index + 1}`)}</b>`;
  const vars = Object.entries(row.test.vars);
  const varList = vars.length > 0 ? `<ul class="vars">${vars.map(([name, value]) => `<li>${h(name)} = ${h(valueText(value, VAR_WIDTH))}</li>`).join('')}</ul>` : '';
  const cells = row.cells.map((repeats) => (repeats.length === 0 ? '<td class="missing">—</td>' : `<td>${repeats.map(cell).join('')}</td>`));
  return `<tr><th class="test">${heading}${varList}</th>${cells.join('')}</tr>\n`;
}

function cell(record: CellRecord): string {
  const outcome = reportOutcome(record);
  const parts = [`<span class="badge ${outcome}">${BADGES[outcome]}</span>`];
  const change = record.againstBaseline;
  if (change && CHANGE_BADGES[change]) parts.push(`<span class="badge ${change}">${CHANGE_BADGES[change]}</span>`);
  const score = record.verdict?.score;
  if (typeof score === 'number') parts.push(`<span class="score">score ${h(score.toFixed(2))}</span>`);
  if (record.repeat > 0) parts.push(`<span class="repeat">#${record.repeat}</span>`);
  if (record.seenInTraining === true) parts.push('<span class="seen" title="Its input was in this adaptor\'s training data">seen in training</span>');
  if (record.seenInTraining === 'unknown') parts.push('<span class="seen unknown" title="The deployment could not say whether its input was in this adaptor\'s training data">unknown if seen</span>');
  if (outcome === 'pending') parts.push(`<p class="reason">${h(pendingReason(record))}</p>`);
  else if (record.status === 'error') parts.push(`<pre class="error">${h(record.error || 'the server reported an error with no text')}</pre>`);
  else {
    const failing = failingAssertions(record);
    // The verdict's reason is worth a line when it says more than the failing assertions below it (a threshold).
    const listed = failing.filter((a) => a.counted).map(namedReason).join('; ');
    const reason = record.verdict?.reason ?? '';
    if ((outcome === 'fail' || outcome === 'error') && reason !== listed) parts.push(`<p class="reason">${h(reason)}</p>`);
    if (failing.length > 0) {
      parts.push(`<ul class="assertions">${failing.map((a) => `<li${a.counted ? '' : ' class="informational"'}>${a.counted ? '' : '(weight 0, not counted) '}${h(namedReason(a))}</li>`).join('')}</ul>`);
    }
    parts.push(output(record.output ?? ''));
    if (record.review) parts.push(reviewNote(record.review));
  }
  return `<div class="cell">${parts.join('')}</div>`;
}

/** A person's review, beside the assertions' verdict: good or bad, and what it should have said. */
function reviewNote(review: NonNullable<CellRecord['review']>): string {
  const correction = review.correction !== undefined ? `<pre class="correction">${h(review.correction)}</pre>` : '';
  return `<p class="review"><span class="badge review-${review.verdict}">reviewed ${review.verdict}</span>${correction ? ' it should have said:' : ''}</p>${correction}`;
}

function output(text: string): string {
  const lines = text.split('\n');
  if (text.length <= LONG_OUTPUT.chars && lines.length <= LONG_OUTPUT.lines) return `<pre>${h(text)}</pre>`;
  const summary = `${shorten(lines[0], SUMMARY_WIDTH)} (${text.length} characters, ${lines.length} line${lines.length === 1 ? '' : 's'})`;
  return `<details><summary>${h(summary)}</summary><pre>${h(text)}</pre></details>`;
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
