// The JUnit file read back with a real XML parser: the Surefire/Ant shape (testsuites > testsuite > testcase
// with failure, error or skipped), counts that match the cells on every suite and on the whole, and hostile text
// (`]]>`, control characters, markup, attribute breakers) carried as text.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type CellRecord } from '../../../../../src/core/experiments/cell-records';
import { recordFormatOf, writeCellRecords } from '../../../../../src/core/experiments/reports/record-writer';
import { junitReport } from '../../../../../src/core/experiments/reports/junit-report';
import { useTempDir } from '../../../helpers/temp-dir';
import { header, HOSTILE, HOSTILE_TEXT, record, run, verdict } from './report-fixtures';

interface Element {
  [attribute: string]: string | Element[] | undefined;
  '#text'?: string;
}
type Suite = Element & { testcase?: TestCase[]; properties?: Element[] };
type TestCase = Element & { failure?: Element[]; error?: Element[]; skipped?: Element[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Decodes the numeric references the writer uses for line ends and tabs in attributes.
  htmlEntities: true,
  alwaysCreateTextNode: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['testsuite', 'testcase', 'failure', 'error', 'skipped', 'properties', 'property'].includes(name),
});

function parse(xml: string): { testsuites: Element & { testsuite: Suite[] } } {
  assert.equal(XMLValidator.validate(xml), true, 'the file is well-formed XML');
  return parser.parse(xml) as { testsuites: Element & { testsuite: Suite[] } };
}

const text = (element: Element | undefined) => element?.['#text'] ?? '';
/** What the writer makes of text XML cannot carry: each such character as U+FFFD. */
const carried = (s: string) => s.replace(/[\u0000\u0007\u000b\u001b\ud800]/g, '\uFFFD');

describe('experiment reports: JUnit XML', () => {
  const tmp = useTempDir();
  const h = header([{ prompt: 'greet', provider: 'base', model: 'tiny-llama' }, { prompt: 'short', provider: 'base' }]);

  function matrix(): CellRecord[] {
    return [
      record('greet', 'base', 0, { verdict: verdict('pass'), latencyMs: 1500 }),
      record('greet', 'base', 1, { verdict: verdict('fail'), output: HOSTILE_TEXT, latencyMs: 250 }),
      record('greet', 'base', 2, { status: 'error', output: null, error: `server said ${HOSTILE.script}`, verdict: verdict('error'), latencyMs: null }),
      record('short', 'base', 0, { verdict: verdict('error', { reason: 'llm-rubric: the grader gave no verdict', assertions: [{ type: 'llm-rubric', status: 'error', pass: false, score: 0, reason: 'the grader gave no verdict: "maybe"', weight: 1 }] }) }),
      record('short', 'base', 1, { status: 'pending', output: null, verdict: verdict('pending'), latencyMs: null }),
      record('short', 'base', 2, { status: 'unsent', output: null, verdict: null, latencyMs: null }),
      record('short', 'base', 2, { repeat: 1, verdict: null, test: { index: 2, description: null, vars: { city: 'Paris' } } }),
    ];
  }

  it('has a suite per column and a testcase per cell, with counts that match on every suite and on the whole', () => {
    const { testsuites } = parse([...junitReport(run(h), matrix())].join(''));
    assert.equal(testsuites.name, 'Greetings');
    assert.deepEqual([testsuites.tests, testsuites.failures, testsuites.errors, testsuites.skipped], ['7', '1', '2', '2']);
    assert.equal(testsuites.time, '3.750');
    assert.equal(testsuites.testsuite.length, 2);
    let cells = 0;
    for (const suite of testsuites.testsuite) {
      const cases = suite.testcase ?? [];
      cells += cases.length;
      assert.equal(suite.tests, String(cases.length));
      assert.equal(suite.failures, String(cases.filter((c) => c.failure).length));
      assert.equal(suite.errors, String(cases.filter((c) => c.error).length));
      assert.equal(suite.skipped, String(cases.filter((c) => c.skipped).length));
      assert.equal(suite.timestamp, '2026-12-01T10:49:27');
      const seconds = cases.reduce((sum, c) => sum + Number(c.time), 0);
      assert.equal(Number(suite.time).toFixed(3), seconds.toFixed(3));
      for (const testcase of cases) for (const attribute of ['name', 'classname', 'time']) assert.equal(typeof testcase[attribute], 'string', `testcase has ${attribute}`);
    }
    assert.equal(cells, 7);
    const [greet, short] = testsuites.testsuite;
    assert.equal(greet.name, 'greet × base');
    assert.deepEqual(
      (greet.properties?.[0].property as Element[]).map((p) => [p.name, p.value]),
      [
        ['run', 'run-0001'],
        ['model', 'tiny-llama'],
        ['transport', 'batch'],
        ['passRate', '1/2 (50%, 9-91%)'],
      ],
    );
    assert.equal((short.properties?.[0].property as Element[])[1].value, "deployment's default");
    assert.ok(greet.testcase?.every((c) => c.classname === 'greet × base'));
  });

  it('names a testcase by its description or vars, "#repeat" after repeats, with time from latency', () => {
    const { testsuites } = parse([...junitReport(run(h), matrix())].join(''));
    const [greet, short] = testsuites.testsuite;
    assert.deepEqual(
      greet.testcase?.map((c) => [c.name, c.time]),
      [
        ['row 0', '1.500'],
        ['row 1', '0.250'],
        ['row 2', '0.000'],
      ],
    );
    assert.deepEqual(
      short.testcase?.map((c) => c.name),
      ['row 0', 'row 1', 'row 2', 'city=Paris #1'],
    );
  });

  it('writes a failure with the failing assertions and the output, an error with the server or grader text, skipped for unanswered cells', () => {
    const { testsuites } = parse([...junitReport(run(h), matrix())].join(''));
    const [greet, short] = testsuites.testsuite.map((s) => s.testcase ?? []);
    assert.equal(greet[0].failure ?? greet[0].error ?? greet[0].skipped, undefined, 'a passing cell has no child');

    const failure = greet[1].failure?.[0];
    assert.equal(failure?.type, 'AssertionFailure');
    assert.equal(failure?.message, 'contains: Expected output to contain "Paris"');
    assert.match(text(failure), /Failing assertions:\n- contains: Expected output to contain "Paris"\n\nOutput:\n/);
    assert.ok(text(failure).endsWith(`Output:\n${carried(HOSTILE_TEXT)}`), 'the output is the body, every character but the uncarriable ones intact');

    assert.equal(greet[2].error?.[0].type, 'ServerError');
    assert.equal(greet[2].error?.[0].message, `server said ${HOSTILE.script}`);
    assert.equal(text(greet[2].error?.[0]), `server said ${HOSTILE.script}`);

    assert.equal(short[0].error?.[0].type, 'GradingError');
    assert.match(text(short[0].error?.[0]), /- llm-rubric: the grader gave no verdict: "maybe"/);
    assert.match(short[1].skipped?.[0].message as string, /^pending: submitted, but unfinished/);
    assert.match(short[2].skipped?.[0].message as string, /^unsent: never submitted/);
    assert.equal(short[3].failure ?? short[3].error ?? short[3].skipped, undefined, 'an answer with no assertions passes');
  });

  it('carries hostile text in names, messages and bodies as text: ]]>, control characters, markup, quotes', () => {
    const hostile = header([{ prompt: HOSTILE.attribute, provider: HOSTILE.script }]);
    const records = [
      record(HOSTILE.attribute, HOSTILE.script, 0, {
        test: { index: 0, description: `${HOSTILE.cdata} ${HOSTILE.attribute}`, vars: {} },
        output: HOSTILE_TEXT,
        verdict: verdict('fail', { reason: `multi\nline\treason ${HOSTILE.controls} ${HOSTILE.img}` }),
      }),
    ];
    const xml = [...junitReport({ ...run(hostile), title: `${HOSTILE.textarea}\n${HOSTILE.controls}` }, records)].join('');
    assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/, 'no character XML 1.0 forbids');
    assert.doesNotMatch(xml, /<script|<img|<!\[CDATA\[/, 'markup from the run is never markup in the file');
    const { testsuites } = parse(xml);
    assert.equal(testsuites.name, carried(`${HOSTILE.textarea}\n${HOSTILE.controls}`), 'a line break in an attribute survives');
    const suite = testsuites.testsuite[0];
    assert.equal(suite.name, `${HOSTILE.attribute} × ${HOSTILE.script}`);
    const testcase = suite.testcase?.[0];
    assert.equal(testcase?.name, `${HOSTILE.cdata} ${HOSTILE.attribute}`);
    // A message is one line: white space (the vertical tab too) runs together.
    assert.equal(testcase?.failure?.[0].message, `multi line reason bell\uFFFD nul\uFFFD esc\uFFFD vt lone\uFFFD end ${HOSTILE.img}`);
    assert.ok(text(testcase?.failure?.[0]).startsWith(carried(`multi\nline\treason ${HOSTILE.controls}`)));
    assert.ok(text(testcase?.failure?.[0]).includes(carried(HOSTILE_TEXT)));
  });

  it('is what eval --output report.xml writes', async () => {
    assert.equal(recordFormatOf('out/Report.XML'), 'xml');
    const path = join(tmp.path, 'report.xml');
    await writeCellRecords(path, matrix(), run(h));
    assert.equal(readFileSync(path, 'utf8'), [...junitReport(run(h), matrix())].join(''));
    assert.equal(parse(readFileSync(path, 'utf8')).testsuites.tests, '7');
  });

  // How long it takes is measured in bench/ (eval -o of 6,000 cells), not asserted here.
  it('writes 6,000 cells, every one', () => {
    const big = header([{ prompt: 'a', provider: 'p' }, { prompt: 'b', provider: 'p' }, { prompt: 'c', provider: 'p' }]);
    const records = ['a', 'b', 'c'].flatMap((prompt) => Array.from({ length: 2000 }, (_, i) => record(prompt, 'p', i, { output: `${HOSTILE_TEXT} ${'x'.repeat(400)}`, verdict: verdict(i % 3 === 0 ? 'fail' : 'pass') })));
    const xml = [...junitReport(run(big), records)].join('');
    assert.equal(parse(xml).testsuites.tests, '6000');
  });
});
