// Experiments through `scalarlm-lab eval` against the zero-latency simulator (separate processes): 1,000 rows x
// 3 prompts x 2 models (6,000 cells) sent, then the same run unchanged (all fetched, nothing sent), then the
// same with its HTML and JUnit reports written (their own cost is the difference), the
// same with an llm-rubric on every cell (6,000 grader prompts through the batch queue; the grading's own cost is
// the difference from the unchanged run), then a 100,000-row CSV on one column for memory. Wall time, HTTP
// requests per cell, peak RSS of the CLI.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliMeasured, startSimProcess } from './lib/processes';
import { printTable } from './lib/table';

/** The simulator's first example adaptor (--example-jobs): sha256("test"), the experiments' second column. */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/** Every grader answers this verdict (the simulator's exact-answer marker rides in the rubric). */
const RUBRIC = `Answers with one fact [[sim:respond-b64=${Buffer.from('{"pass": true, "score": 0.8, "reason": "One fact."}').toString('base64')}]]`;

function writeExperiment(dir: string, rows: number, prompts: number, providers: string[], graded = false): string {
  writeFileSync(join(dir, `rows-${rows}.csv`), 'name,topic\n' + Array.from({ length: rows }, (_, i) => `Person ${i},topic ${i % 101}`).join('\n') + '\n');
  for (let p = 0; p < prompts; p++) writeFileSync(join(dir, `p${p}.txt`), `Version ${p}: tell {{ name }} one fact about {{ topic }}.`);
  const config = join(dir, `experiment-${rows}-${prompts}${graded ? '-graded' : ''}.yaml`);
  const judging = graded ? `defaultTest:\n  assert:\n    - type: llm-rubric\n      value: '${RUBRIC}'\n` : '';
  writeFileSync(
    config,
    `prompts:\n${Array.from({ length: prompts }, (_, p) => `  - file://p${p}.txt\n`).join('')}providers:\n${providers.map((id) => `  - id: scalarlm:${id}\n    config:\n      max_tokens: 8\n`).join('')}tests: file://rows-${rows}.csv\n${judging}`,
  );
  return config;
}

export async function benchExperiments(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'scalarlm-bench-exp-'));
  const sim = await startSimProcess(['--zero-latency', '--example-jobs']);
  try {
    // The runs of the benchmark go to its own folder (the CLI reads the state folder from the environment).
    process.env.XDG_STATE_HOME = join(dir, 'state');
    const requests = async () => Object.entries((await sim.stats()).requests).filter(([route]) => !route.includes('/_sim/')).reduce((sum, [, n]) => sum + n, 0);
    const rows: (string | number)[][] = [];
    const measure = async (name: string, config: string, cells: number, extra: string[] = []) => {
      const before = await requests();
      const run = await runCliMeasured(['eval', config, '--url', sim.url, ...extra], join(dir, 'usage.json'));
      if (run.code !== 0) throw new Error(`${name}: exit ${run.code}\n${run.stderr}`);
      const row = { wallMs: run.wallMs, requests: (await requests()) - before };
      rows.push([name, cells, row.wallMs / 1000, cells / (row.wallMs / 1000), row.requests / cells, run.maxRssMb]);
      return row;
    };
    const matrix = writeExperiment(dir, 1000, 3, ['base', ADAPTOR]);
    await measure('1,000 rows x 3 prompts x 2 models, sent', matrix, 6000);
    const unchanged = await measure('the same, unchanged (all fetched)', matrix, 6000);
    // The reports' own cost is the difference from the unchanged run (eval exits 0: nothing is judged here).
    for (const kind of ['html', 'xml']) {
      const written = await measure(`the same, unchanged, with -o report.${kind}`, matrix, 6000, ['-o', join(dir, `report.${kind}`)]);
      const ms = written.wallMs - unchanged.wallMs;
      rows.push([`  the ${kind === 'html' ? 'HTML report' : 'JUnit XML'} alone (the difference)`, 6000, ms / 1000, 6000 / (ms / 1000), '', '']);
    }
    const graded = await measure('the same + llm-rubric on each cell (cells fetched, 6,000 graded)', writeExperiment(dir, 1000, 3, ['base', ADAPTOR], true), 6000);
    const gradingMs = graded.wallMs - unchanged.wallMs;
    rows.push(['  grading alone (the difference)', 6000, gradingMs / 1000, 6000 / (gradingMs / 1000), (graded.requests - unchanged.requests) / 6000, '']);
    await measure('100,000-row CSV x 1 prompt x 1 model', writeExperiment(dir, 100_000, 1, ['base']), 100_000);
    printTable('scalarlm-lab eval against the zero-latency simulator (separate processes)', ['run', 'cells', 'wall s', 'cells/s', 'HTTP req/cell', 'peak RSS MB'], rows);
  } finally {
    delete process.env.XDG_STATE_HOME;
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
