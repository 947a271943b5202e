// The baseline file `scalarlm-lab bless` writes, meant to be committed beside the experiment file: a run's
// summary as JSON with sorted keys, one row per line (a change to one row is one line of a diff), no paths and
// no times, so blessing the same results writes the same bytes. Reading one back checks every part of it and
// refuses what is not one (another format, another version, a damaged row) at its line, saying what to do.

import { basename, dirname, extname, join } from 'node:path';
import { scanJson, type JsonNode } from '../../prompts/json-scanner';
import { JsonTextLocator } from '../../prompts/json-locating';
import { PromptInputError } from '../../prompts/problems';
import { canonicalJson } from '../../evidence';
import { BASELINE_FORMAT, BASELINE_VERSION, type RunSummary, type SummaryCell, type SummaryColumn, type SummaryRow } from '../run-summary-types';

const REBLESS = 'write it again with: scalarlm-lab bless RUN --out FILE';

/** The file's text: the summary's own fields only (a run's extra knowledge is left out). */
export function baselineText(summary: RunSummary): string {
  const head = { format: BASELINE_FORMAT, version: BASELINE_VERSION, experiment: summary.experiment, repeat: summary.repeat };
  const lines = ['{'];
  for (const [key, value] of Object.entries(head)) lines.push(`  ${JSON.stringify(key)}: ${canonicalJson(value)},`);
  lines.push('  "columns": [');
  summary.columns.forEach((column, index) => lines.push(`    ${canonicalJson(ownColumn(column))}${index < summary.columns.length - 1 ? ',' : ''}`));
  lines.push('  ],', '  "rows": [');
  const rows = [...summary.rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  rows.forEach((row, index) => lines.push(`    ${canonicalJson(ownRow(row))}${index < rows.length - 1 ? ',' : ''}`));
  lines.push('  ]', '}');
  return lines.join('\n') + '\n';
}

function ownColumn({ label, prompt, provider, model, graders }: SummaryColumn): SummaryColumn {
  return { label, prompt, provider, model, graders };
}

function ownRow({ key, label, test, assertions, cells }: SummaryRow): SummaryRow {
  return { key, label, test, assertions, cells: cells.map(({ verdict, passed, judged, score, reviewed }) => ({ verdict, passed, judged, score, ...(reviewed ? { reviewed } : {}) })) };
}

/** Where a run of the experiment `experimentPath` is blessed by default: beside it, `<name>.baseline.json`. */
export function defaultBaselinePath(experimentPath: string): string {
  return join(dirname(experimentPath), `${basename(experimentPath, extname(experimentPath))}.baseline.json`);
}

/** A baseline file read back; a PromptInputError at the file's line for anything that is not one. */
export function parseBaseline(text: string, file: string): RunSummary {
  const locator = new JsonTextLocator(text, file);
  const scan = scanJson(text, 3);
  if (!scan.ok) throw locator.errorAt(scan.offset, `not a baseline file: ${scan.problem} (${REBLESS})`);
  const value = JSON.parse(text) as unknown;
  const at = (node: JsonNode | undefined, detail: string) => locator.errorAt(node?.start ?? 0, `${detail} (${REBLESS})`);
  const member = (node: JsonNode, key: string) => node.members?.find((m) => m.key === key)?.value;
  if (!isObject(value)) throw at(scan.root, 'not a baseline file: it is not a JSON object');
  if (value.format !== BASELINE_FORMAT) throw at(member(scan.root, 'format') ?? scan.root, `not a baseline file: "format" must be "${BASELINE_FORMAT}"${value.format === undefined ? '' : `, not ${JSON.stringify(value.format)}`}`);
  if (value.version !== BASELINE_VERSION) {
    throw at(member(scan.root, 'version'), `a baseline of format version ${JSON.stringify(value.version)}; this scalarlm-lab reads version ${BASELINE_VERSION}: bless the baseline run again with this version`);
  }
  if (typeof value.experiment !== 'string') throw at(member(scan.root, 'experiment') ?? scan.root, '"experiment" must be the experiment\'s name (a string)');
  if (!Number.isInteger(value.repeat) || (value.repeat as number) < 1) throw at(member(scan.root, 'repeat') ?? scan.root, '"repeat" must be a whole number, 1 or more');
  const columnsNode = member(scan.root, 'columns');
  if (!Array.isArray(value.columns) || value.columns.length === 0) throw at(columnsNode ?? scan.root, '"columns" must list the run\'s columns');
  const columns = value.columns.map((column, index) => {
    if (!isColumn(column)) throw at(columnsNode?.elements?.[index], `column ${index + 1} must have "label", "prompt", "provider", "model" (a string or null) and "graders" (a list of strings)`);
    return column;
  });
  const rowsNode = member(scan.root, 'rows');
  if (!Array.isArray(value.rows)) throw at(rowsNode ?? scan.root, '"rows" must list the rows');
  const keys = new Set<string>();
  const rows = value.rows.map((row, index) => {
    const node = rowsNode?.elements?.[index];
    const problem = rowProblem(row, columns.length);
    if (problem) throw at(node, `row ${index + 1}: ${problem}`);
    const { key } = row as SummaryRow;
    if (keys.has(key)) throw at(node, `row ${index + 1}: the key ${key} is given twice`);
    keys.add(key);
    return row as SummaryRow;
  });
  return { format: BASELINE_FORMAT, version: BASELINE_VERSION, experiment: value.experiment, repeat: value.repeat as number, columns, rows };
}

/** A baseline file's error, for a caller that says it its own way. */
export function isBaselineError(error: unknown): error is PromptInputError {
  return error instanceof PromptInputError;
}

function rowProblem(row: unknown, columns: number): string | undefined {
  if (!isObject(row)) return 'must be an object';
  for (const field of ['key', 'label', 'test', 'assertions'] as const) if (typeof row[field] !== 'string' || row[field] === '') return `"${field}" must be a string`;
  if (!Array.isArray(row.cells) || row.cells.length !== columns) return `"cells" must have one cell per column (${columns})`;
  const bad = row.cells.findIndex((cell) => !isCell(cell));
  return bad === -1 ? undefined : `cell ${bad + 1} must have "verdict" (pass, fail, error, pending or none), "passed" and "judged" (whole numbers, passed <= judged) and "score" (a number or null)`;
}

function isColumn(value: unknown): value is SummaryColumn {
  return isObject(value) && typeof value.label === 'string' && typeof value.prompt === 'string' && typeof value.provider === 'string' && (value.model === null || typeof value.model === 'string') && Array.isArray(value.graders) && value.graders.every((g) => typeof g === 'string');
}

function isCell(value: unknown): value is SummaryCell {
  if (!isObject(value)) return false;
  const { verdict, passed, judged, score, reviewed } = value;
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return ['pass', 'fail', 'error', 'pending', 'none'].includes(verdict as string) && whole(passed) && whole(judged) && (passed as number) <= (judged as number) && (score === null || typeof score === 'number') && (reviewed === undefined || whole(reviewed));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
