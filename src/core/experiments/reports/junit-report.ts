// An experiment run as a JUnit XML file for CI: a testsuite per column (prompt x provider), a testcase per
// cell. A failed verdict is a <failure> with the failing assertions and the output; an answer that errored
// or a grading that errored is an <error>; an answer not in yet is <skipped/>; an answer with nothing to judge
// it by passes. A trained adaptor's cell carries a `seenInTraining` property: true when its input was in the
// adaptor's training data, false when not, unknown when the deployment could not say. Counts on every suite and on the whole, as Jenkins, GitLab and the GitHub Actions reporters read
// them (the Surefire/Ant shape).

import type { CellRecord, RecordedRun } from '../cell-records';
import { columnLabel, shorten } from '../experiment-matrix';
import { namedReason } from '../../judge';
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
    yield '    </properties>\n';
    for (const cell of suite.cells) yield testcase(cell, name);
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

function testcase(record: CellRecord, classname: string): string {
  const open = `    <testcase name="${xmlAttribute(cellName(record))}" classname="${xmlAttribute(classname)}" time="${seconds(record.latencyMs ?? 0)}"`;
  const inner = [...seenProperty(record), ...outcomeElement(record)];
  return inner.length === 0 ? `${open}/>\n` : `${open}>\n${inner.map((line) => `      ${line}\n`).join('')}    </testcase>\n`;
}

function seenProperty(record: CellRecord): string[] {
  return record.seenInTraining === undefined ? [] : [`<properties><property name="seenInTraining" value="${record.seenInTraining}"/></properties>`];
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
  const reason = record.verdict?.reason ?? '';
  const [element, type] = outcome === 'error' ? ['error', 'GradingError'] : ['failure', 'AssertionFailure'];
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
