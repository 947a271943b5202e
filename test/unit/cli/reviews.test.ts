// A person's review of answers (issue 24, 4), as the CLI meets it: reviews are kept in the runs folder by answer, so a
// rerun of unchanged cells shows them; `eval --output` and the reports carry them beside the verdict (never over
// it); `export-training --from reviewed` turns corrections (and answers marked good) into training rows; a reviewed
// verdict is what a blessed baseline holds for that cell.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReviewBook, reviewKey } from '../../../src/core/experiments/evidence';
import { RunProjection } from '../../../src/core/runs/run-projection';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const CONFIG = [
  'prompts:',
  "  - '{{ q }} [[sim:respond={{ a }}]]'",
  'providers:',
  '  - scalarlm:base',
  'tests:',
  '  - description: France',
  '    vars: { q: "Capital of France?", a: "Lyon" }',
  '    assert: [{ type: icontains, value: "o" }]',
  '  - description: Peru',
  '    vars: { q: "Capital of Peru?", a: "Lima" }',
  '    assert: [{ type: icontains, value: "i" }]',
].join('\n');

interface OutputRecord {
  test: { description: string };
  verdict: { status: string };
  review?: { verdict: string; correction?: string };
}

describe('scalarlm-lab and reviewed answers', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('carries reviews beside the verdicts, across a rerun, into training rows and a baseline', async () => {
    await withSimulator({}, async (sim) => {
      write('promptfooconfig.yaml', CONFIG + '\n');
      const state = join(tmp.path, 'state');
      const cli = (args: string[]) => runCli([...args, '--url', sim.url], { env: { XDG_STATE_HOME: state }, cwd: tmp.path });
      const first = await cli(['eval']);
      assert.equal(first.code, 0, first.stderr);
      const ledger = /Run started: (\S+\.ledger\.jsonl)/.exec(first.stderr)?.[1] ?? '';
      const runId = ledger.slice(-'.ledger.jsonl'.length - 36, -'.ledger.jsonl'.length);
      const runsDir = join(state, 'scalarlm-lab', 'runs');

      const none = await cli(['export-training', runId, '--from', 'reviewed', '--out', 'none.jsonl']);
      assert.equal(none.code, 2);
      assert.match(none.stderr, /--from reviewed gives nothing to train on: no answer of this run is reviewed yet: in its experiment panel, select a cell and mark its answer Good, or write the answer it should have given\. Instead: --expected-var q \(2 of 2\), --expected-var a \(2 of 2\), --from passing \(2 of 2\)\./);

      // As the experiment panel records them: France's answer is wrong though its assertion passes; Peru's is good.
      const run = RunProjection.replay(ledger, { keepItems: true });
      const experiment = run.header.experiment!;
      const [france, peru] = [0, 1].map((test) => run.items.find((item) => item.cell?.[1] === test)!);
      const book = ReviewBook.open(runsDir);
      book.set(reviewKey(experiment, france)!, { verdict: 'bad', correction: 'Paris', runId, at: '2026-12-07T10:00:00.000Z' });
      book.set(reviewKey(experiment, peru)!, { verdict: 'good', runId, at: '2026-12-07T10:00:01.000Z' });

      const data = await cli(['export-training', runId, '--from', 'reviewed', '--out', 'data.jsonl']);
      assert.equal(data.code, 0, data.stderr);
      assert.deepEqual(readFileSync(join(tmp.path, 'data.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown), [
        { input: 'Capital of France? [[sim:respond=Lyon]]', output: 'Paris' },
        { input: 'Capital of Peru? [[sim:respond=Lima]]', output: 'Lima' },
      ]);

      // A rerun of the unchanged experiment is another run with the same answers: the reviews hold for it.
      const rerun = await cli(['eval', '--output', 'out.json']);
      assert.equal(rerun.code, 0, rerun.stderr);
      const records = (JSON.parse(readFileSync(join(tmp.path, 'out.json'), 'utf8')) as { results: OutputRecord[] }).results;
      assert.deepEqual(records.map((r) => [r.test.description, r.verdict.status, r.review]), [
        ['France', 'pass', { verdict: 'bad', correction: 'Paris' }],
        ['Peru', 'pass', { verdict: 'good' }],
      ]);
      assert.equal((await cli(['eval', '--output', 'report.html'])).code, 0);
      const html = readFileSync(join(tmp.path, 'report.html'), 'utf8');
      assert.match(html, /Reviewed 2 of 2 answers\./);
      assert.match(html, /reviewed bad<\/span> it should have said:<\/p><pre class="correction">Paris<\/pre>/);

      const blessed = await cli(['bless', runId, '--out', 'baseline.json']);
      assert.equal(blessed.code, 0, blessed.stderr);
      const rows = (JSON.parse(readFileSync(join(tmp.path, 'baseline.json'), 'utf8')) as { rows: { label: string; cells: { verdict: string; reviewed?: number }[] }[] }).rows;
      assert.deepEqual(rows.map((row) => [row.label, row.cells[0].verdict, row.cells[0].reviewed]).sort(), [
        ['France', 'fail', 1],
        ['Peru', 'pass', 1],
      ]);
    });
  });
});
