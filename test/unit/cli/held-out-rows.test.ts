// Held-out rows in the CLI, as issue 24's done-when puts it: half of a 6-row run's rows kept out of the training
// data, an adaptor trained on the other half, then judged beside the base on all 6: exactly its 3 training rows are
// marked seen, the 3 held out unseen, and the column's pass rate is given apart, unseen first. The adaptor's
// lineage names the run and the split.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli, type CliResult } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const ROWS = [
  ['What is the capital of Quux?', 'Quuxville'],
  ['Name a colour nobody has seen.', 'blurple'],
  ['Which planet hums in B flat?', 'Zorbulon'],
  ['What do owls read?', 'Hootenanny Weekly'],
  ['Who invented the sideways wheel?', 'Dr Wobble'],
  ['Where do socks go?', 'Lintopia'],
];

function runBuilt(argv: string[], cwd: string): Promise<CliResult> {
  return runBuiltCli(argv, { cwd, stateHome: cwd });
}

interface OutputRecord {
  provider: { label: string };
  test: { description: string };
  verdict: { status: string } | null;
  seenInTraining?: boolean | 'unknown';
}

interface Split {
  heldOut: { key: string; label: string }[];
  trained: { key: string; label: string }[];
}

describe('held-out rows in the CLI: export half, train, judge all', function () {
  this.timeout(120_000);
  const tmp = useTempDir();

  it('marks exactly the 3 training rows seen and the 3 held out unseen, and shows the unseen pass rate first', async () => {
    await withSimulator({ trainingStepMs: 5, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const config = ['prompts:', "  - '{{ question }}'", 'providers:', '  - scalarlm:base', 'tests:'];
      ROWS.forEach(([question, answer], row) => config.push(`  - description: row ${row + 1}`, `    vars: { question: ${JSON.stringify(question)} }`, `    assert: [{ type: equals, value: ${JSON.stringify(answer)} }]`));
      writeFileSync(join(tmp.path, 'promptfooconfig.yaml'), config.join('\n') + '\n');
      const url = ['--url', sim.url];
      const base = await runBuilt(['eval', ...url], tmp.path);
      assert.equal(base.code, 100, base.stderr);
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(base.stderr)?.[1];
      assert.ok(runId, base.stderr);

      const exported = await runBuilt(['export-training', runId, '--holdout', '0.5', '--json', ...url], tmp.path);
      assert.equal(exported.code, 0, exported.stderr);
      const { examples, holdout } = JSON.parse(exported.stdout) as { examples: number; holdout: Split & { fraction: number; seed: number } };
      assert.equal(examples, 3);
      assert.equal(readFileSync(join(tmp.path, 'data.jsonl'), 'utf8').trimEnd().split('\n').length, 3);
      assert.deepEqual([holdout.heldOut.length, holdout.trained.length, holdout.fraction, holdout.seed], [3, 3, 0.5, 0]);
      assert.match(exported.stderr, /Held out 3 of 6 rows \(fraction 0\.5, seed 0\)/);
      for (const { label } of holdout.heldOut) assert.ok(exported.stderr.includes(label), `the held-out row "${label}" is named`);
      const again = await runBuilt(['export-training', runId, '--holdout', '0.5', '--json', '--out', 'again.jsonl', ...url], tmp.path);
      assert.deepEqual((JSON.parse(again.stdout) as { holdout: Split }).holdout.heldOut, holdout.heldOut, 'the same command picks the same rows');

      const trained = await runBuilt(['train', 'data.jsonl', '--max-steps', '20', '--follow', '--json', '--poll', '0.02', ...url], tmp.path);
      assert.equal(trained.code, 0, trained.stderr);
      const { model } = JSON.parse(trained.stdout) as { model: string };
      assert.match(trained.stderr, new RegExp(`Lineage recorded: from run ${runId}, column 1, 3 of 6 rows held out`));

      const out = join(tmp.path, 'out.json');
      const judged = await runBuilt(['eval', ...url, '--provider', `scalarlm:${model}`, '--provider-label', 'adaptor', '--output', out], tmp.path);
      assert.equal(judged.code, 100, judged.stderr);
      const document = JSON.parse(readFileSync(out, 'utf8')) as { results: OutputRecord[]; columns: { unseen?: { passed: number; judged: number }; seen?: { passed: number; judged: number } }[] };
      const adaptor = document.results.filter((r) => r.provider.label === 'adaptor');
      const rowsWhere = (seen: boolean) => adaptor.filter((r) => r.seenInTraining === seen).map((r) => r.test.description).sort();
      assert.deepEqual(rowsWhere(true), holdout.trained.map((row) => row.label).sort());
      assert.deepEqual(rowsWhere(false), holdout.heldOut.map((row) => row.label).sort());
      assert.ok(document.results.filter((r) => r.provider.label !== 'adaptor').every((r) => !('seenInTraining' in r)), "the base's cells carry no mark");
      // The simulated adaptor answers its training inputs only: it passes what it saw, fails what it did not.
      assert.deepEqual(adaptor.filter((r) => r.seenInTraining === true).map((r) => r.verdict?.status), ['pass', 'pass', 'pass']);
      assert.deepEqual([document.columns[1].unseen, document.columns[1].seen].map((rate) => rate && [rate.passed, rate.judged]), [[0, 3], [3, 3]]);
      assert.equal(document.columns[0].seen, undefined);

      const figures = judged.stdout.split('\n')[3]; // under the prompt, provider and transport lines
      assert.match(figures, /unseen 0\/3 \(0%, 0-56%\) · seen 3\/3 \(100%, 44-100%\)/);
      assert.equal(judged.stdout.split('\n').filter((line) => line.includes('[seen] PASS')).length, 3);

      // Beside the base, the adaptor is judged on its held-out rows by default: there it learnt nothing.
      const judgedRun = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(judged.stderr)?.[1] ?? '';
      const heldOutDiff = await runBuilt(['diff', judgedRun, '--columns', '1,2', '--json', ...url], tmp.path);
      const heldOutPaired = JSON.parse(heldOutDiff.stdout) as { rows: unknown; paired: { rows: number; better: number; pValue: number } };
      assert.deepEqual(heldOutPaired.rows, { judged: 'held-out', heldOut: 3, seen: 3, unknown: 0 });
      assert.deepEqual([heldOutPaired.paired.rows, heldOutPaired.paired.better, heldOutPaired.paired.pValue], [3, 0, 1]);
      const text = await runBuilt(['diff', judgedRun, '--columns', '1,2', ...url], tmp.path);
      assert.match(text.stdout, /judged on the 3 held-out rows the adaptor was not trained on \(3 seen in training left out\):/);
      // Every row, as asked: base 0/6 against the adaptor's 3/6, three rows better, p = 0.25.
      const allRows = JSON.parse((await runBuilt(['diff', judgedRun, '--columns', '1,2', '--all-rows', '--json', ...url], tmp.path)).stdout) as { rows: { judged: string }; paired: { rows: number; better: number; worse: number; pValue: number } };
      assert.equal(allRows.rows.judged, 'all');
      assert.deepEqual([allRows.paired.rows, allRows.paired.better, allRows.paired.worse, allRows.paired.pValue], [6, 3, 0, 0.25]);

      const job = await runBuilt(['job', model, ...url], tmp.path);
      assert.equal(job.code, 0, job.stderr);
      assert.match(job.stdout, new RegExp(`Run: promptfooconfig.yaml \\(${runId}\\)`));
      assert.match(job.stdout, /Held out: 3 of 6 rows \(fraction 0\.5, seed 0\)/);
      assert.match(job.stdout, /Deployment: http:\/\/127\.0\.0\.1:\d+, version 1\.151/);
      const jobJson = await runBuilt(['job', model, '--json', ...url], tmp.path);
      const { lineage } = JSON.parse(jobJson.stdout) as { lineage: { origin: { run: { id: string }; split: { heldOut: string[] } }; arguments: unknown } };
      assert.deepEqual([lineage.origin.run.id, lineage.origin.split.heldOut, lineage.arguments], [runId, holdout.heldOut.map((row) => row.key), { max_steps: 20 }]);
    });
  });
});
