// An experiment run as a JUnit XML file for CI: a testsuite per column (prompt x provider), a testcase per
// cell. A failed verdict is a <failure> with the failing assertions and the output; an answer that errored
// or a grading that errored is an <error>; an answer not in yet is <skipped/>; an answer with nothing to judge
// it by passes. A trained adaptor's cell carries a `seenInTraining` property: true when its input was in the
// adaptor's training data, false when not, unknown when the deployment could not say. Counts on every suite and on the whole, as Jenkins, GitLab and the GitHub Actions reporters read
// them (the Surefire/Ant shape).

import type { CellRecord, RecordedRun } from '../cell-records';
import { columnLabel, shorten } from '../experiment-matrix';
import { namedReason } from '../../judge';
import { passRateText } from '../../evidence';
import { columnFigures } from '../column-figures';
import { xmlAttribute, xmlText } from './escape';
import { outcomeCounts, reportOutcome } from '../report-outcome';
import { cellName, cellsByColumn, failingAssertions, pendingReason } from './report-cells';

/** A message attribute is a headline; the full text is in the element's body. */
const MESSAGE_WIDTH = 500;

/** The file in pieces, to be written as they come (a run of many cells is never one string). */
export function* junitReport(run: RecordedRun, records: Iterable<CellRecord>): Generator<string> {
  const columns = run.header.columns;
  const byColumn = cellsByColumn(records, columns);
  const suites = byColumn.map((cells) => ({ cells, counts: outcomeCounts(cells), ms: cells.reduce((sum, cell) => sum + (cell.latencyMs ?? 0), 0) }));
  const figures = columnFigures(byColumn.flat(), columns);
  const timestamp = run.createdAt ? ` timestamp="${xmlAttribute(run.createdAt.slice(0, 19))}"` : '';
  const totals = suites.reduce((sum, s) => ({ tests: sum.tests + s.counts.cells, failures: sum.failures + s.counts.failed, errors: sum.errors + s.counts.errors, skipped: sum.skipped + s.counts.pending, ms: sum.ms + s.ms }), { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 });

  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="${xmlAttribute(run.title)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(totals.ms)}">\n`;
  for (const [index, suite] of suites.entries()) {
    const column = columns[index];
    const name = columnLabel(column);
    const c = suite.counts;
    yield `  <testsuite name="${xmlAttribute(name)}" id="${index}" tests="${c.cells}" failures="${c.failed}" errors="${c.errors}" skipped="${c.pending}" time="${seconds(suite.ms)}"${timestamp}>\n`;
    yield '    <properties>\n';
    yield `      <property name="run" value="${xmlAttribute(run.runId)}"/>\n`;
    yield `      <property name="model" value="${xmlAttribute(column.model ?? "deployment's default")}"/>\n`;
    yield `      <property name="transport" value="${column.transport}"/>\n`;
    yield `      <property name="passRate" value="${xmlAttribute(passRateText(figures[index].passRate))}"/>\n`;
    const gated = run.baseline?.paired[index];
    if (run.baseline && gated) {
      yield `      <property name="baseline" value="${xmlAttribute(run.baseline.name)}"/>\n`;
      yield `      <property name="baseline.paired" value="${xmlAttribute(gated.text)}"/>\n`;
    }
    yield '    </properties>\n';
    for (const cell of suite.cells) yield testcase(cell, name);
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

function testcase(record: CellRecord, classname: string): string {
  const open = `    <testcase name="${xmlAttribute(cellName(record))}" classname="${xmlAttribute(classname)}" time="${seconds(record.latencyMs ?? 0)}"`;
  const inner = [...cellProperties(record), ...outcomeElement(record)];
  return inner.length === 0 ? `${open}/>\n` : `${open}>\n${inner.map((line) => `      ${line}\n`).join('')}    </testcase>\n`;
}

/**
 * What a cell carries beside its outcome, as testcase properties: whether an adaptor was trained on its input, its
 * change against the baseline the run was gated on, and a person's review.
 */
function cellProperties(record: CellRecord): string[] {
  const properties: [string, string][] = [];
  if (record.seenInTraining !== undefined) properties.push(['seenInTraining', String(record.seenInTraining)]);
  if (record.againstBaseline !== undefined) properties.push(['baseline', record.againstBaseline]);
  if (record.review) properties.push(['review', record.review.verdict]);
  if (record.review?.correction !== undefined) properties.push(['review.correction', record.review.correction]);
  if (properties.length === 0) return [];
  return [`<properties>${properties.map(([name, value]) => `<property name="${name}" value="${xmlAttribute(value)}"/>`).join('')}</properties>`];
}

/** The testcase's <failure>, <error> or <skipped>; none for a pass. */
function outcomeElement(record: CellRecord): string[] {
  const outcome = reportOutcome(record);
  if (outcome === 'pass' || outcome === 'answered') return [];
  if (outcome === 'pending') return [`<skipped message="${xmlAttribute(pendingReason(record))}"/>`];
  if (outcome === 'error' && record.status === 'error') {
    const text = record.error || 'the server reported an error with no text';
    return [`<error message="${message(text)}" type="ServerError">${xmlText(text)}</error>`];
  }
  // A regression is the failure CI gates on: its message says so first, its type names it.
  const regressed = record.againstBaseline === 'regressed';
  const reason = `${regressed ? 'Regressed against the baseline (it passed there): ' : ''}${record.verdict?.reason ?? ''}`;
  const [element, type] = outcome === 'error' ? ['error', 'GradingError'] : ['failure', regressed ? 'Regression' : 'AssertionFailure'];
  return [`<${element} message="${message(reason)}" type="${type}">${xmlText(body(record))}</${element}>`];
}

/** The verdict, each failing assertion with its reason, then the answer judged. */
function body(record: CellRecord): string {
  const lines = [record.verdict?.reason ?? ''];
  const failing = failingAssertions(record);
  if (failing.length > 0) {
    lines.push('', 'Failing assertions:');
    for (const a of failing) lines.push(`- ${a.counted ? '' : '(weight 0, not counted) '}${namedReason(a)}`);
  }
  lines.push('', 'Output:', record.output ?? '');
  return lines.join('\n');
}

function message(text: string): string {
  return xmlAttribute(shorten(text.replace(/\s+/g, ' ').trim(), MESSAGE_WIDTH));
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
