// Why a cell failed, where a CI job or a terminal reads it (issue 17 item 16): the JUnit file, the HTML report
// and the matrix eval prints all carry the verdict's one reason, which names what was expected and what was
// seen: a javascript assertion's code (or its metric) and the values it read, an equals' expected text and the
// output. Never a bare "javascript returned false".

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

type Node = DefaultTreeAdapterMap['node'];

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

const ANSWER = 'The capital of France is Paris, a city on the Seine.';
const JAVASCRIPT = 'javascript returned false: output.length < 20 (output.length was 52)';
const METRIC = 'javascript "mentions Lyon" returned false: output.includes(context.vars.city) (output was "The capital of France is Paris, a city on the Seine.", context.vars.city was "Lyon")';
const EQUALS = 'Expected output "The capital of France is Paris, a city on the Seine." to equal "Paris"';

describe('scalarlm-lab eval: why a cell failed', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('names the code and the values it read, the expected text and the output, in JUnit, the HTML report and the printed matrix', async function () {
    this.timeout(60_000);
    await withSimulator({}, async (sim) => {
      write('ask.txt', `Capital of {{ country }}? [[sim:respond=${ANSWER}]]`);
      const config = write(
        'promptfooconfig.yaml',
        'prompts:\n  - file://ask.txt\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {country: France, city: Lyon}\n    assert:\n' +
          '      - type: javascript\n        value: output.length < 20\n' +
          '      - type: javascript\n        value: output.includes(context.vars.city)\n        metric: mentions Lyon\n' +
          '      - type: equals\n        value: Paris\n',
      );
      const eval_ = (output: string) => runCli(['eval', config, '-o', join(tmp.path, output), '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });

      const junit = await eval_('report.xml');
      assert.equal(junit.code, 100, junit.stderr);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(tmp.path, 'report.xml'), 'utf8')) as {
        testsuites: { testsuite: { testcase: { failure: { message: string; '#text': string } } } };
      };
      const { failure } = parsed.testsuites.testsuite.testcase;
      assert.equal(failure.message, `${JAVASCRIPT}; ${METRIC}; equals: ${EQUALS}`);
      assert.match(failure['#text'], new RegExp(`^- ${escape(JAVASCRIPT)}$`, 'm'));
      assert.match(failure['#text'], new RegExp(`^- equals: ${escape(EQUALS)}$`, 'm'));

      const html = await eval_('report.html');
      assert.equal(html.code, 100, html.stderr);
      const page = textOf(parse(readFileSync(join(tmp.path, 'report.html'), 'utf8')));
      for (const reason of [JAVASCRIPT, METRIC, EQUALS]) assert.ok(page.includes(reason), `the HTML report shows: ${reason}`);

      // The matrix's cells are cut to the terminal: the reason is printed under it, whole.
      assert.ok(html.stdout.includes(`FAIL country=France, city=Lyon · ask.txt × scalarlm:base: ${JAVASCRIPT}; ${METRIC}; equals: ${EQUALS}`), html.stdout);
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
