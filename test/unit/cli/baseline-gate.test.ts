// The baseline gate in CI (issue 24, 1): `eval CONFIG --baseline RUN` exits 100 naming the row that passed in the
// baseline and fails now, 0 when nothing regressed (newly passing rows reported, not failures); `bless` writes a
// small, stable file that gates the same way from a fresh clone with an empty runs folder; a baseline over other
// rows or other assertions exits 2 before anything is sent, unless --baseline-partial; a damaged file is refused at
// its line.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

/** Each row answers its `now` var: the prompt is what is tried, so changing which var answers changes the answers. */
const ROWS = [
  { q: 'Capital of France?', expected: 'Paris', before: 'Paris', after: 'Paris' },
  { q: 'Capital of Peru?', expected: 'Lima', before: 'Lima', after: 'Lima' },
  { q: 'Capital of Chad?', expected: "N'Djamena", before: "N'Djamena", after: 'Abuja' },
  { q: 'Capital of Laos?', expected: 'Vientiane', before: 'Bangkok', after: 'Vientiane' },
];

function config(answerVar: 'before' | 'after', rows = ROWS, expectedOf = (row: (typeof ROWS)[number]) => row.expected): string {
  const lines = ['description: Capitals', 'prompts:', `  - '{{ q }} [[sim:respond={{ ${answerVar} }}]]'`, 'providers:', '  - scalarlm:base', 'tests:'];
  for (const row of rows) {
    lines.push(`  - description: ${JSON.stringify(row.q)}`, `    vars: ${JSON.stringify({ q: row.q, before: row.before, after: row.after })}`, `    assert: [{ type: equals, value: ${JSON.stringify(expectedOf(row))} }]`);
  }
  return lines.join('\n') + '\n';
}

function runIdOf(stderr: string): string {
  const id = /Run started: .*?([0-9a-f-]{36})\.ledger\.jsonl/.exec(stderr)?.[1];
  assert.ok(id, stderr);
  return id;
}

describe('scalarlm-lab eval --baseline and bless: the baseline gate', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('exits 100 naming the regressed row, 0 when nothing regressed, from a run or a blessed file in a fresh clone', async () => {
    await withSimulator({}, async (sim) => {
      const env = { XDG_STATE_HOME: join(tmp.path, 'state') };
      const cli = (args: string[], cwd = tmp.path, runEnv = env) => runCli([...args, '--url', sim.url], { env: runEnv, cwd });
      write('promptfooconfig.yaml', config('before'));
      const first = await cli(['eval']);
      assert.equal(first.code, 100, 'the baseline run fails its Laos row');
      const baselineRun = runIdOf(first.stderr);

      write('promptfooconfig.yaml', config('after'));
      const gated = await cli(['eval', '--baseline', baselineRun.slice(0, 8), '-o', join(tmp.path, 'gated.xml')]);
      assert.equal(gated.code, 100, gated.stderr);
      assert.match(gated.stdout, /Against the baseline run [0-9a-f]{8} \(4 rows compared\): 1 regressed, 1 newly passing, 2 unchanged\./);
      assert.match(gated.stdout, /^REGRESSED Capital of Chad\? · .*: passed in the baseline, fails now: equals: Expected output "Abuja" to equal "N'Djamena"$/m);
      assert.match(gated.stdout, /^Newly passing Capital of Laos\? · .*: failed in the baseline, passes now$/m);
      assert.match(gated.stdout, /no difference this data can show \(4 rows; .*p = 1\.00\)/);
      assert.doesNotMatch(gated.stdout, /REGRESSED Capital of (France|Peru|Laos)/);
      const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(tmp.path, 'gated.xml'), 'utf8')) as { testsuites: { testsuite: { testcase: { name: string; failure?: { type: string; message: string } }[] } } };
      const chad = junit.testsuites.testsuite.testcase.find((c) => c.name.startsWith('Capital of Chad'));
      assert.equal(chad?.failure?.type, 'Regression');
      assert.match(chad?.failure?.message ?? '', /^Regressed against the baseline \(it passed there\): /);

      // Blessed, committed beside the config, read in a fresh clone whose runs folder is empty.
      const blessed = await cli(['bless', baselineRun.slice(0, 8), '--out', 'baseline.json']);
      assert.equal(blessed.code, 0, blessed.stderr);
      const text = readFileSync(join(tmp.path, 'baseline.json'), 'utf8');
      assert.doesNotMatch(text, new RegExp(`${tmp.path}|${baselineRun}|createdAt|20\\d\\d-\\d\\d-\\d\\d`));
      assert.equal((await cli(['bless', baselineRun.slice(0, 8), '--out', 'again.json'])).code, 0);
      assert.equal(readFileSync(join(tmp.path, 'again.json'), 'utf8'), text, 'blessing the same run writes the same bytes');
      assert.equal((await cli(['bless', baselineRun.slice(0, 8)])).code, 0);
      assert.equal(readFileSync(join(tmp.path, 'promptfooconfig.baseline.json'), 'utf8'), text, 'by default beside the experiment file');

      const clone = join(tmp.path, 'clone');
      write('clone/promptfooconfig.yaml', config('after'));
      write('clone/baseline.json', text);
      const fresh = { XDG_STATE_HOME: join(tmp.path, 'fresh-state') };
      const fromFile = await cli(['eval', '--baseline', 'baseline.json'], clone, fresh);
      assert.equal(fromFile.code, 100, fromFile.stderr);
      assert.match(fromFile.stdout, /Against the baseline baseline\.json \(4 rows compared\): 1 regressed, 1 newly passing, 2 unchanged\./);
      assert.match(fromFile.stdout, /^REGRESSED Capital of Chad\?/m);

      // The baseline's own prompt: its failing row fails still, which is no regression.
      write('clone/promptfooconfig.yaml', config('before'));
      const unchanged = await cli(['eval', '--baseline', 'baseline.json'], clone, fresh);
      assert.equal(unchanged.code, 0, unchanged.stdout + unchanged.stderr);
      assert.match(unchanged.stdout, /\(4 rows compared\): 4 unchanged\./);
    });
  });

  it('exits 2 before sending for a baseline of other rows or assertions, and compares the rest with --baseline-partial', async () => {
    await withSimulator({}, async (sim) => {
      const env = { XDG_STATE_HOME: join(tmp.path, 'state') };
      const cli = (args: string[]) => runCli([...args, '--url', sim.url], { env, cwd: tmp.path });
      write('promptfooconfig.yaml', config('before'));
      const baselineRun = runIdOf((await cli(['eval'])).stderr);
      const sentBefore = Object.keys(sim.stats().generateSubmissions).length;

      const otherRows = [...ROWS.slice(0, 3), { q: 'Capital of Fiji?', expected: 'Suva', before: 'Suva', after: 'Suva' }];
      write('promptfooconfig.yaml', config('after', otherRows, (row) => (row.q.includes('Peru') ? 'Cusco' : row.expected)));
      const refused = await cli(['eval', '--baseline', baselineRun]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /cannot be compared with this run:\n {2}1 row of this run is not in the baseline: "Capital of Fiji\?"\.\n {2}1 row of the baseline is not in this run: "Capital of Laos\?"\.\n {2}1 row has other assertions than in the baseline: "Capital of Peru\?"\.\nNothing was sent\./);
      assert.equal(Object.keys(sim.stats().generateSubmissions).length, sentBefore, 'nothing was sent');

      const partial = await cli(['eval', '--baseline', baselineRun, '--baseline-partial']);
      assert.equal(partial.code, 100, partial.stderr);
      assert.match(partial.stdout, /\(2 rows compared\): 1 regressed, 1 unchanged\./);
      assert.match(partial.stdout, /^Not compared \(--baseline-partial\): 1 row of this run is not in the baseline/m);
    });
  });

  it('refuses a damaged baseline file at its line, and an option given alone', async () => {
    write('promptfooconfig.yaml', config('before'));
    write('baseline.json', '{\n  "format": "scalarlm-lab-baseline",\n  "version": 7\n}\n');
    const damaged = await runCli(['eval', '--baseline', 'baseline.json', '--url', 'http://127.0.0.1:9'], { cwd: tmp.path, env: { XDG_STATE_HOME: tmp.path } });
    assert.equal(damaged.code, 2);
    assert.match(damaged.stderr, /^baseline\.json:3:\d+: a baseline of format version 7; this scalarlm-lab reads version 1/);
    const alone = await runCli(['eval', '--baseline-partial'], { cwd: tmp.path, env: { XDG_STATE_HOME: tmp.path } });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /--baseline-partial goes with --baseline/);
    const missing = await runCli(['eval', '--baseline', 'nosuch.json'], { cwd: tmp.path, env: { XDG_STATE_HOME: tmp.path } });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /There is no baseline file nosuch\.json, and no run in .* has an id starting with "nosuch\.json"/);
  });
});
