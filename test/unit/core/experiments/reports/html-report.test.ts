// The HTML report read back with a real HTML parser (parse5, as browsers parse): it parses without errors, uses
// only inert elements and attributes (no script, no event handler, no URL of any kind), keeps a strict CSP, and
// shows hostile model output, errors, vars and labels as text; the header's counts and each column's figures.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap, type ParserError } from 'parse5';
import { type CellRecord } from '../../../../../src/core/experiments/cell-records';
import { recordFormatOf, writeCellRecords } from '../../../../../src/core/experiments/reports/record-writer';
import { htmlReport } from '../../../../../src/core/experiments/reports/html-report';
import { useTempDir } from '../../../helpers/temp-dir';
import { header, HOSTILE, HOSTILE_TEXT, record, run, verdict } from './report-fixtures';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element the report is made of: none runs code, loads anything or takes input. */
const INERT_ELEMENTS = new Set(['html', 'head', 'body', 'meta', 'title', 'style', 'header', 'section', 'h1', 'h2', 'p', 'b', 'code', 'pre', 'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'details', 'summary']);
const INERT_ATTRIBUTES = new Set(['lang', 'charset', 'http-equiv', 'content', 'name', 'class']);
const CSP = "default-src 'none'; style-src 'unsafe-inline'";

function document(html: string): Element {
  const errors: ParserError[] = [];
  const doc = parse(html, { onParseError: (error) => errors.push(error) });
  assert.deepEqual(
    errors.map((e) => `${e.code} at ${e.startLine}:${e.startCol}`),
    [],
    'the report is HTML a browser parses without an error',
  );
  const root = doc.childNodes.find((node): node is Element => node.nodeName === 'html');
  assert.ok(root);
  return root;
}

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = node.nodeName === 'template' ? [] : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

const attribute = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const hasClass = (element: Element, name: string) => (attribute(element, 'class') ?? '').split(' ').includes(name);
const byClass = (root: Element, name: string) => [...elements(root)].filter((e) => hasClass(e, name));
const byTag = (root: Element, tag: string) => [...elements(root)].filter((e) => e.tagName === tag);
/** What the writer makes of text that is not characters at all: each as U+FFFD. */
const carried = (s: string) => s.replace(/[\u0000\u0007\u000b\u001b\ud800]/g, '\uFFFD');

describe('experiment reports: static HTML', () => {
  const tmp = useTempDir();
  const longOutput = `${HOSTILE.script}\n${'A long answer line.\n'.repeat(40)}${HOSTILE.img}`;

  const hostileHeader = header([
    { prompt: HOSTILE.attribute, provider: HOSTILE.script, model: HOSTILE.img },
    { prompt: 'short', provider: 'base' },
  ]);
  const p0 = HOSTILE.attribute;
  const v0 = HOSTILE.script;

  function matrix(): CellRecord[] {
    return [
      record(p0, v0, 0, {
        test: { index: 0, description: HOSTILE.textarea, vars: { [HOSTILE.attribute]: HOSTILE.link } },
        output: HOSTILE_TEXT,
        verdict: verdict('fail', {
          score: 0.5,
          reason: `regex: ${HOSTILE.img}`,
          assertions: [
            { type: HOSTILE.script, status: 'fail', pass: false, score: 0, reason: HOSTILE.link, weight: 1 },
            { type: 'contains', status: 'pass', pass: true, score: 1, reason: 'Assertion passed', weight: 1 },
            { type: 'icontains', status: 'fail', pass: false, score: 0, reason: 'Expected output to contain "x"', weight: 0 },
          ],
        }),
      }),
      record('short', 'base', 0, { test: { index: 0, description: HOSTILE.textarea, vars: { [HOSTILE.attribute]: HOSTILE.link } }, output: longOutput, verdict: verdict('pass'), latencyMs: 3000, tokens: { prompt: 20, completion: 7 } }),
      record(p0, v0, 1, { status: 'error', output: null, error: `${HOSTILE.attribute} ${HOSTILE.controls}`, verdict: verdict('error'), latencyMs: null, tokens: null }),
      record('short', 'base', 1, { status: 'pending', output: null, verdict: verdict('pending'), latencyMs: null, tokens: null }),
      record(p0, v0, 2, { verdict: null, latencyMs: 500 }),
      record(p0, v0, 2, { repeat: 1, verdict: verdict('pass'), latencyMs: 700 }),
    ];
  }
  const report = (records = matrix()) => [...htmlReport({ ...run(hostileHeader), title: `${HOSTILE.script} ${HOSTILE.controls}`, runId: HOSTILE.attribute }, records)].join('');

  it('holds no executable markup: no script, no event handler, no javascript: or any other URL, only inert elements', () => {
    const root = document(report());
    const used = [...elements(root)];
    assert.deepEqual([...new Set(used.map((e) => e.tagName))].filter((tag) => !INERT_ELEMENTS.has(tag)), []);
    assert.deepEqual([...new Set(used.flatMap((e) => e.attrs.map((a) => a.name)))].filter((name) => !INERT_ATTRIBUTES.has(name)), []);
    assert.equal(used.filter((e) => e.attrs.some((a) => /^on/i.test(a.name))).length, 0);
    assert.equal(used.filter((e) => e.attrs.some((a) => /javascript:/i.test(a.value))).length, 0);
    assert.equal(byTag(root, 'style').length, 1);
  });

  it('needs no server and no network: a strict CSP first in the head, inline style, nothing loaded', () => {
    const html = report();
    const root = document(html);
    const head = byTag(root, 'head')[0];
    const metas = byTag(head, 'meta');
    const csp = metas.find((m) => attribute(m, 'http-equiv') === 'Content-Security-Policy');
    assert.equal(attribute(csp as Element, 'content'), CSP);
    assert.ok(head.childNodes.filter((n) => 'tagName' in n).indexOf(csp as Element) <= 1, 'the policy comes before anything it governs');
    assert.doesNotMatch(html, /url\(|@import|https?:\/\//i, 'the stylesheet loads nothing either');
  });

  it('shows every hostile string as the text it was', () => {
    const root = document(report());
    const all = textOf(root);
    for (const [name, payload] of Object.entries(HOSTILE)) assert.ok(all.includes(carried(payload)), `${name} is shown as text`);
    assert.equal(textOf(byTag(root, 'h1')[0]), carried(`${HOSTILE.script} ${HOSTILE.controls}`));
    assert.equal(textOf(byTag(root, 'title')[0]), carried(`${HOSTILE.script} ${HOSTILE.controls} · ScalarLM Prompt Lab`));
    const outputs = byTag(root, 'pre').map(textOf);
    assert.ok(outputs.includes(carried(HOSTILE_TEXT)), 'the output, whole, in a <pre>');
    assert.ok(outputs.includes(carried(`${HOSTILE.attribute} ${HOSTILE.controls}`)), "the server's error, whole");
    const rowHeaders = byTag(byTag(byClass(root, 'matrix')[0], 'tbody')[0], 'th');
    assert.equal(textOf(rowHeaders[0]), `${HOSTILE.textarea}${HOSTILE.attribute} = ${HOSTILE.link}`);
  });

  it('heads the report with the run and its counts, and each column with its figures', () => {
    const root = document(report());
    assert.match(textOf(byClass(root, 'meta')[0]), new RegExp(`^Run ${escapeRegex(HOSTILE.attribute)} · created 2026-12-01T10:49:27.000Z$`));
    assert.deepEqual(byTag(byClass(root, 'counts')[0], 'li').map(textOf), ['6cells', '2passed', '1failed', '1errors', '1pending', '1answered, no assertions']);
    const figures = byTag(byTag(byClass(root, 'figures')[0], 'tbody')[0], 'tr').map((tr) => byTag(tr, 'td').map(textOf));
    assert.deepEqual(figures, [
      [`${HOSTILE.attribute} × ${HOSTILE.script}`, HOSTILE.img, 'batch', '4', '1/2 (50%, 9-91%)', '0.75', '1', '45', '700 ms'],
      ['short × base', "deployment's default", 'batch', '2', '1/1 (100%, 21-100%)', '1.00', '0', '27', '3.00 s'],
    ]);
  });

  it('shows "—" with the reason for a column whose answers came with no token counts or timings, not 0 (issue 17 item 14)', () => {
    const h = header([{ prompt: 'ask', provider: 'base' }]);
    const records = [0, 1].map((test) => record('ask', 'base', test, { tokens: null, latencyMs: null }));
    const root = document([...htmlReport(run(h), records)].join(''));
    const figures = byTag(byTag(byClass(root, 'figures')[0], 'tbody')[0], 'tr').map((tr) => byTag(tr, 'td').map(textOf));
    assert.deepEqual(figures[0].slice(-2), ['—', '—']);
    assert.ok(byClass(root, 'meta').map(textOf).some((text) => /not reported by the deployment.*batch queue/.test(text)), 'the report says why');
    const reported = document([...htmlReport(run(h), [record('ask', 'base', 0)])].join(''));
    assert.ok(!byClass(reported, 'meta').map(textOf).some((text) => /not reported/.test(text)), 'no note when the deployment reported them');
  });

  it('lays the matrix out with a row per test and a column per prompt x provider, each cell with its badge, verdict and output', () => {
    const root = document(report());
    const matrixTable = byClass(root, 'matrix')[0];
    assert.deepEqual(byTag(byTag(matrixTable, 'thead')[0], 'th').map(textOf), ['Test', `${HOSTILE.attribute} × ${HOSTILE.script}`, 'short × base']);
    const rows = byTag(byTag(matrixTable, 'tbody')[0], 'tr');
    assert.equal(rows.length, 3);
    const badges = rows.map((tr) => byTag(tr, 'td').map((td) => byClass(td, 'badge').map(textOf)));
    assert.deepEqual(badges, [
      [['fail'], ['pass']],
      [['error'], ['pending']],
      [['no assertions', 'pass'], []],
    ]);
    assert.ok(hasClass(byTag(rows[2], 'td')[1], 'missing'), 'a cell the run has no record of is marked missing');
    assert.equal(textOf(byTag(rows[2], 'th')[0]), 'row 2name = name 2');

    const failed = byTag(rows[0], 'td')[0];
    assert.equal(textOf(byClass(failed, 'score')[0]), 'score 0.50');
    assert.equal(textOf(byClass(failed, 'reason')[0]), `regex: ${HOSTILE.img}`);
    assert.deepEqual(byTag(byClass(failed, 'assertions')[0], 'li').map(textOf), [`${HOSTILE.script}: ${HOSTILE.link}`, '(weight 0, not counted) icontains: Expected output to contain "x"']);
    assert.match(textOf(byClass(byTag(rows[1], 'td')[1], 'reason')[0]), /^pending: submitted/);
    assert.equal(textOf(byClass(byTag(rows[2], 'td')[0], 'repeat')[0]), '#1');
  });

  it('folds a long output into <details>, its first line as the summary, the whole output inside', () => {
    const root = document(report());
    const details = byTag(root, 'details');
    assert.equal(details.length, 1);
    assert.equal(textOf(byTag(details[0], 'summary')[0]), `${HOSTILE.script} (${longOutput.length} characters, 42 lines)`);
    assert.equal(textOf(byTag(details[0], 'pre')[0]), longOutput);
  });

  it('is what eval --output report.html writes', async () => {
    assert.equal(recordFormatOf('report.HTML'), 'html');
    assert.equal(recordFormatOf('report.htm'), undefined);
    const path = join(tmp.path, 'report.html');
    const r = { ...run(hostileHeader), title: `${HOSTILE.script} ${HOSTILE.controls}`, runId: HOSTILE.attribute };
    await writeCellRecords(path, matrix(), r);
    assert.equal(readFileSync(path, 'utf8'), report());
  });

  // How long it takes is measured in bench/ (eval -o of 6,000 cells), not asserted here.
  it('writes 6,000 cells, every one', () => {
    const big = header([{ prompt: 'a', provider: 'p' }, { prompt: 'b', provider: 'p' }, { prompt: 'c', provider: 'p' }]);
    const records = ['a', 'b', 'c'].flatMap((prompt) => Array.from({ length: 2000 }, (_, i) => record(prompt, 'p', i, { output: `${HOSTILE_TEXT} ${'x'.repeat(i % 2 ? 1000 : 100)}`, verdict: verdict(i % 3 === 0 ? 'fail' : 'pass') })));
    const html = [...htmlReport(run(big), records)].join('');
    assert.equal(byTag(byTag(byClass(document(html), 'matrix')[0], 'tbody')[0], 'tr').length, 2000);
  });
});

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
