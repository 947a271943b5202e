// Batch throughput of `scalarlm-lab generate` against the simulator in zero-latency mode (separate
// processes): first the whole process with the default flags on 10,000 fresh prompts, beside the ScalarLM Python
// SDK's own `generate` on the same job, alternating, in this run (../shared/reference, where it is at hand; else
// the row says it was not measured); then wall time, client CPU per
// prompt, HTTP requests per prompt and peak RSS at two group sizes side by side, then a million prompts from
// one JSONL file for bounded memory. Then results as they land: on a simulator that takes its time (1,000
// tokens/s, 32 slots), when the first line of 10,000 comes out, beside one group alone and the whole run.

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCliMeasured, startSimProcess, type SimProcess } from './lib/processes';
import { printTable } from './lib/table';

async function writePrompts(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < count; i++) {
    if (!out.write(JSON.stringify({ prompt: `Benchmark prompt ${i}: describe item ${i % 97} briefly.` }) + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface Case {
  name: string;
  prompts: number;
  groupSize: number;
  inFlight: number;
}

async function measure(dir: string, file: string, c: Case) {
  const sim = await startSimProcess(['--zero-latency']);
  try {
    const ledger = join(dir, `${c.name}.ledger.jsonl`);
    const args = ['generate', file, '--url', sim.url, '--out', '/dev/null', '--ledger', ledger, '--max-tokens', '16', '--model', 'tiny-random/gemma-4-dense'];
    const run = await runCliMeasured([...args, '--group-size', String(c.groupSize), '--in-flight', String(c.inFlight)], join(dir, 'usage.json'));
    if (run.code !== 0) throw new Error(`${c.name}: exit ${run.code}\n${run.stderr}`);
    rmSync(ledger, { force: true });
    return { ...run, httpPerPrompt: (await httpRequests(sim)) / c.prompts };
  } finally {
    await sim.stop();
  }
}

// Routes this client must never call (they harm other users of a shared deployment or steal its workers' work).
const FORBIDDEN_ROUTES = /\/v1\/generate\/(upload|download|clear_queue|get_work|finish_work|get_adaptors)/;

/** Requests the run made (the simulator's own routes aside), after checking that none went to a forbidden route. */
async function httpRequests(sim: SimProcess): Promise<number> {
  const routes = Object.entries((await sim.stats()).requests).filter(([route]) => !route.includes('/_sim/'));
  const forbidden = routes.filter(([route]) => FORBIDDEN_ROUTES.test(route));
  if (forbidden.length > 0) throw new Error(`The run called routes it must never call: ${forbidden.map(([route]) => route).join(', ')}`);
  return routes.reduce((sum, [, n]) => sum + n, 0);
}

const FRESH_RUNS = 5;
/**
 * The ScalarLM Python SDK as its users run it: beside the project on the development machines and in CI only
 * (../shared/reference; $SCALARLM_REFERENCE_DIR names it for a checkout elsewhere, a worktree say).
 */
const REFERENCE_DIR = process.env.SCALARLM_REFERENCE_DIR ?? join(ROOT, '..', 'shared', 'reference');
const SDK_SCRIPT = join(REFERENCE_DIR, 'sdk-generate.sh');

/** `bench SALT prompt i`, the prompts the SDK script sends, so both clients send the same text. */
async function writeSaltedPrompts(path: string, count: number, salt: string): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < count; i++) if (!out.write(JSON.stringify({ prompt: `bench ${salt} prompt ${i}` }) + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** The SDK's generate of `prompts` prompts: the whole process's wall time and its own timing of the call. */
async function runSdk(url: string, prompts: number, salt: string): Promise<{ wallMs: number; callMs: number }> {
  const started = performance.now();
  const child = spawn('bash', [SDK_SCRIPT, url, String(prompts), '8', salt], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const wallMs = performance.now() - started;
  const seconds = /^sdk \d+ ([\d.]+)$/m.exec(out)?.[1];
  if (code !== 0 || seconds === undefined) throw new Error(`The SDK's generate failed (exit ${code}):\n${err || out}`);
  return { wallMs, callMs: Number(seconds) * 1000 };
}

/**
 * The whole process, as a user runs it: the default flags but max_tokens 8, every prompt new to the simulator
 * (a fresh one per run), results to a file; beside it the SDK on the same job, the two alternating. Figures vary
 * run to run on a shared machine: the median of a few runs with their range, and the ratio of the medians.
 */
async function benchFresh(dir: string, prompts: number): Promise<void> {
  const sdkAtHand = existsSync(SDK_SCRIPT);
  const runs: { wallMs: number; cpuMs: number; httpPerPrompt: number }[] = [];
  const sdkRuns: { wallMs: number; callMs: number }[] = [];
  for (let i = 0; i < FRESH_RUNS; i++) {
    const salt = `${process.pid}-${i}`;
    const sim = await startSimProcess(['--zero-latency']);
    try {
      const file = join(dir, 'fresh.jsonl');
      await writeSaltedPrompts(file, prompts, `cli-${salt}`);
      const ledger = join(dir, 'fresh.ledger.jsonl');
      const out = join(dir, 'fresh.results.jsonl');
      const run = await runCliMeasured(['generate', file, '--url', sim.url, '--max-tokens', '8', '--out', out, '--ledger', ledger], join(dir, 'usage.json'));
      if (run.code !== 0) throw new Error(`fresh prompts: exit ${run.code}\n${run.stderr}`);
      rmSync(ledger, { force: true });
      rmSync(out, { force: true });
      runs.push({ ...run, httpPerPrompt: (await httpRequests(sim)) / prompts });
      if (sdkAtHand) sdkRuns.push(await runSdk(sim.url, prompts, `sdk-${salt}`));
    } finally {
      await sim.stop();
    }
  }
  const wall = median(runs.map((r) => r.wallMs)) / 1000;
  const sdkWall = sdkAtHand ? median(sdkRuns.map((r) => r.wallMs)) / 1000 : undefined;
  const notMeasured = `not measured (${REFERENCE_DIR} is not here)`;
  const seconds = (values: number[]) => spread(values.map((ms) => ms / 1000));
  printTable(
    `${prompts.toLocaleString('en-US')} fresh prompts, max_tokens 8, zero-latency simulator (median [range] of ${FRESH_RUNS} runs each, alternating)`,
    ['client', 'whole process s', 'generate call s', 'client CPU µs/prompt', 'HTTP req/prompt', 'whole process / SDK'],
    [
      ['scalarlm-lab generate (default flags)', seconds(runs.map((r) => r.wallMs)), '', median(runs.map((r) => (r.cpuMs / prompts) * 1000)), median(runs.map((r) => r.httpPerPrompt)), sdkWall === undefined ? notMeasured : wall / sdkWall],
      ['ScalarLM Python SDK llm.generate', sdkAtHand ? seconds(sdkRuns.map((r) => r.wallMs)) : notMeasured, sdkAtHand ? seconds(sdkRuns.map((r) => r.callMs)) : notMeasured, '', '', sdkWall === undefined ? notMeasured : 1],
    ],
  );
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** "1.23 [1.10-1.41]": the median and the range. */
function spread(values: number[]): string {
  return `${median(values).toFixed(2)} [${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}]`;
}

/**
 * On a simulator with latency: when the first line of 10,000 comes out, against when the first group's
 * answer landed (its `submitted` time in the ledger: POST /v1/generate returns once the group is done) and the
 * whole run.
 */
async function benchStreaming(dir: string, file: string): Promise<void> {
  const sim = await startSimProcess(['--tokens-per-second', '1000', '--slots', '32']);
  try {
    const ledger = join(dir, 'streaming.ledger.jsonl');
    const startedAt = Date.now();
    const run = await runCliMeasured(['generate', file, '--url', sim.url, '--ledger', ledger, '--max-tokens', '16', '--group-size', '32', '--in-flight', '4'], join(dir, 'usage.json'));
    if (run.code !== 0) throw new Error(`streaming: exit ${run.code}\n${run.stderr}`);
    const firstLineAt = startedAt + (run.firstOutputMs ?? NaN);
    const events = readFileSync(ledger, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { t: string; g?: number; at?: number });
    const submit = events.find((e) => e.t === 'submit' && e.g === 0)?.at ?? NaN;
    const landed = events.find((e) => e.t === 'submitted' && e.g === 0)?.at ?? NaN;
    printTable(
      'scalarlm-lab generate, 10,000 prompts on `sim --tokens-per-second 1000 --slots 32`: results as they land',
      ['first group round trip ms', 'first line after it landed ms', 'first line s', 'total s', 'first line / total'],
      [[landed - submit, firstLineAt - landed, (run.firstOutputMs ?? NaN) / 1000, run.wallMs / 1000, (run.firstOutputMs ?? NaN) / run.wallMs]],
    );
  } finally {
    await sim.stop();
  }
}

export async function benchGenerate(options: { million: boolean }): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'scalarlm-bench-'));
  try {
    const cases: Case[] = [
      { name: '10k, groups of 32', prompts: 10_000, groupSize: 32, inFlight: 4 },
      { name: '10k, groups of 128', prompts: 10_000, groupSize: 128, inFlight: 4 },
    ];
    if (options.million) cases.push({ name: '1M, groups of 128', prompts: 1_000_000, groupSize: 128, inFlight: 8 });
    const rows: (string | number)[][] = [];
    const files = new Map<number, string>([[10_000, join(dir, 'prompts-10000.jsonl')]]);
    await writePrompts(files.get(10_000) as string, 10_000);
    await benchFresh(dir, 10_000);
    for (const c of cases) {
      if (!files.has(c.prompts)) {
        const file = join(dir, `prompts-${c.prompts}.jsonl`);
        await writePrompts(file, c.prompts);
        files.set(c.prompts, file);
      }
      const r = await measure(dir, files.get(c.prompts) as string, c);
      rows.push([c.name, r.wallMs / 1000, c.prompts / (r.wallMs / 1000), (r.cpuMs / c.prompts) * 1000, r.httpPerPrompt, r.maxRssMb]);
    }
    printTable(
      'scalarlm-lab generate against the zero-latency simulator (separate processes)',
      ['case', 'wall s', 'prompts/s', 'client CPU µs/prompt', 'HTTP req/prompt', 'peak RSS MB'],
      rows,
    );
    await benchStreaming(dir, files.get(10_000) as string);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
