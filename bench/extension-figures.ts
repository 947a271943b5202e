// The extension's costs: bundle sizes (as built and minified, raw and gzipped), what the queue monitor
// asks of a deployment per minute (focused and unfocused), and, with --host, what a real extension host
// measures (code-server + headless Chromium): activation, the results panel with 10,000 prompts, the
// experiment panel with 6,000 cells, and chat streaming at 2,000 and 5,000 tokens/s.

import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ScalarLMClient } from '../src/core/api/client';
import { QueueMonitor } from '../src/core/monitor/queue-monitor';
import { startSimulator } from '../src/sim';
import { ROOT } from './lib/processes';
import { printTable } from './lib/table';

/** A bundle, or the CLI's modules that one command loads (scalarlm-lab is split by command: dist/cli/). */
interface Bundle {
  name: string;
  files(): string[];
}

const BUNDLES: Bundle[] = [
  ...['dist/extension.js', 'dist/sim.js', ...readdirSync(join(ROOT, 'dist/webview')).filter((f) => f.endsWith('.js')).map((f) => `dist/webview/${f}`)].map((file) => ({ name: file, files: () => [file] })),
  { name: 'dist/cli/: every command', files: () => readdirSync(join(ROOT, 'dist/cli')).filter((f) => f.endsWith('.mjs')).map((f) => `dist/cli/${f}`) },
  { name: 'dist/cli/: what `generate` loads', files: () => cliModules('generate') },
  { name: 'dist/cli/: what `eval` loads', files: () => cliModules('eval') },
];

/** The CLI's entry module, the command's own and every module they import statically (not the ones loaded on demand). */
function cliModules(command: string): string[] {
  const own = readdirSync(join(ROOT, 'dist/cli')).find((f) => f.startsWith(`${command}-`) && f.endsWith('.mjs'));
  if (!own) throw new Error(`dist/cli has no module for the ${command} command.`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // `from "./x.mjs"` and `import "./x.mjs"`, minified or not; `import("./x.mjs")` loads on demand and is left out.
    for (const [, imported] of readFileSync(join(ROOT, 'dist/cli', file), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.mjs)["']/g)) visit(imported);
  };
  visit('main.mjs');
  visit(own);
  return [...seen].map((file) => `dist/cli/${file}`);
}

function sizes(): Map<string, { raw: number; gzip: number }> {
  return new Map(BUNDLES.map(({ name, files }) => {
    const all = files().map((file) => readFileSync(join(ROOT, file)));
    return [name, { raw: all.reduce((sum, bytes) => sum + bytes.length, 0), gzip: all.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0) }];
  }));
}

function build(minify: boolean): void {
  execFileSync(process.execPath, ['scripts/build.mjs', ...(minify ? ['--minify'] : [])], { cwd: ROOT, stdio: 'inherit' });
}

function benchBundles(): void {
  const plain = sizes();
  build(true);
  const minified = sizes();
  build(false);
  const kb = (n: number) => n / 1024;
  printTable(
    'Bundle sizes (KiB)',
    ['bundle', 'as built', 'gzip', 'minified', 'minified gzip'],
    BUNDLES.map(({ name }) => [name, kb(plain.get(name)?.raw ?? 0), kb(plain.get(name)?.gzip ?? 0), kb(minified.get(name)?.raw ?? 0), kb(minified.get(name)?.gzip ?? 0)]),
  );
}

/** Requests per minute the monitor sends at the default 3 s interval, counted by the simulator. */
async function benchPolling(): Promise<void> {
  const sim = await startSimulator({ port: 0, zeroLatency: true });
  const client = new ScalarLMClient({ baseUrl: sim.url });
  const monitor = new QueueMonitor({ target: { api: client }, intervalMs: 3000, busyAbove: 256 });
  const total = () => Object.values(sim.stats().requests).reduce((a, b) => a + b, 0);
  const window = async (focused: boolean, seconds: number) => {
    monitor.setFocused(focused);
    if (focused) monitor.start();
    const before = total();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return ((total() - before) * 60) / seconds;
  };
  try {
    const focused = await window(true, 30);
    const unfocused = await window(false, 30);
    printTable('Queue monitor polling cost at the default 3 s interval (30 s windows)', ['window', 'requests/minute'], [
      ['focused (metrics + health every 30 s)', focused],
      ['unfocused', unfocused],
    ]);
  } finally {
    monitor.dispose();
    await client.close();
    await sim.close();
  }
}

/** The figures the host suite's `figures:` tests wrote (test/host/suite/figures/*.test.ts) in this run. */
function readFigures<T>(name: string): T {
  return JSON.parse(readFileSync(join(ROOT, 'test-results/figures', name), 'utf8')) as T;
}

/** Runs the host suite's figures in a fresh window of code-server (headless Chromium); `grep` picks some. */
function runHostFigures(grep?: string): void {
  const args = [join(ROOT, 'out/test/host/runner/code-server-runner.js'), '--figures', ...(grep ? ['--grep', grep] : [])];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`The host run failed:\n${run.stdout}\n${run.stderr}`);
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => sorted(values)[Math.floor(values.length / 2)];

/** "1,234 (1,100 to 1,500)": the median and the range of a few rounds; `signed` for differences ("+12"). */
function spread(values: readonly number[], digits = 0, signed = false): string {
  const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits, signDisplay: signed ? 'always' : 'auto' });
  const s = sorted(values);
  return values.length > 1 ? `${f(median(values))} (${f(s[0])} to ${f(s[s.length - 1])})` : f(values[0]);
}

interface ResultsRound {
  commandMs: number;
  pageMs: number;
  okMs: number;
  completeMs: number;
  /** When the host wrote the run's end to its ledger. */
  runEndedMs: number;
  messages: number;
  webviewHeapMb: number;
  rendererHeapMb: number;
  hostRssBeforeMb: number;
  hostRssPeakMb: number;
  hostRssAfterMb: number;
  hostCpuMs: number;
  cli: { wallMs: number; cpuMs: number };
}

/** Windows the first chat is measured in: one chat each is the first of its window. */
const CHAT_WINDOWS = 3;

interface ChatFigures {
  tokensPerSecond: number;
  achievedTokensPerSecond: number;
  characters: number;
  charactersShown: number;
  messagesPerSecond: number;
  timeToFirstTokenExtensionMs: number;
  timeToFirstTokenRawMs: number;
  commandToFirstVisibleTextMs: number;
  emptyPanelMs: number;
}

interface ExperimentRound {
  firstCellsMs: number;
  completeMs: number;
  renderedRows: number;
  messages: number;
  webviewHeapMb: number;
  hostCpuMs: number;
  eval: { wallMs: number; cpuMs: number };
}

/**
 * Figures only a real extension host gives, each beside its reference measured in the same run: the results
 * panel against the CLI's whole process on the same 10,000 prompts, the experiment panel against `eval` of
 * the same 6,000 cells (alternating, a few rounds: medians and ranges), the host's memory against itself
 * before the run.
 */
function benchHost(): void {
  // Only what this run measures is printed: figures left by an earlier run go first.
  rmSync(join(ROOT, 'test-results/figures'), { recursive: true, force: true });
  runHostFigures();
  // A window has one first chat: a few more windows, each running only the chat's figures, for a few of them.
  const chats = [readFigures<ChatFigures[]>('chat.json')];
  for (let window = 1; window < CHAT_WINDOWS; window++) {
    runHostFigures('^figures: chat');
    chats.push(readFigures<ChatFigures[]>('chat.json'));
  }
  const firstChats = chats.map((window) => window[0]);
  const laterChats = chats.flatMap((window) => window.slice(1));
  const { activateMs, loadMs } = readFigures<{ activateMs: number; loadMs?: number }>('activation.json');
  const results = readFigures<{ prompts: number; rounds: ResultsRound[] }>('results-panel.json');
  const experiment = readFigures<{ cells: number; rounds: ExperimentRound[] }>('experiment-panel.json');
  const r = results.rounds;
  const e = experiment.rounds;
  printTable(
    `In a real extension host (code-server 4.96.4, headless Chromium), beside the CLI in the same run: median (range) of ${r.length} rounds, alternating`,
    ['measure', 'editor', 'reference', 'editor / reference', 'aim'],
    [
      [`same ${results.prompts.toLocaleString('en-US')} prompts: command to "ok ${results.prompts.toLocaleString('en-US')}" in the panel vs the CLI's wall, ms`, spread(r.map((x) => x.okMs)), spread(r.map((x) => x.cli.wallMs)), `${spread(r.map((x) => x.okMs / x.cli.wallMs), 2)}×`, '≤ 1.3×'],
      [`experiment, ${experiment.cells.toLocaleString('en-US')} cells: command to complete in the panel vs eval's wall, ms`, spread(e.map((x) => x.completeMs)), spread(e.map((x) => x.eval.wallMs)), `${spread(e.map((x) => x.completeMs / x.eval.wallMs), 2)}×`, '≤ 1.3×'],
      [
        `first chat of a window (${firstChats.length} windows): command to first visible text vs an empty webview opening just before, ms`,
        spread(firstChats.map((c) => c.commandToFirstVisibleTextMs)),
        spread(firstChats.map((c) => c.emptyPanelMs)),
        `${spread(firstChats.map((c) => c.commandToFirstVisibleTextMs - c.emptyPanelMs), 0, true)} ms`,
        '≤ floor + 150 ms',
      ],
      [
        'chat time to first token, first chat of a window: extension vs raw socket read, ms',
        spread(firstChats.map((c) => c.timeToFirstTokenExtensionMs)),
        spread(firstChats.map((c) => c.timeToFirstTokenRawMs)),
        `${spread(firstChats.map((c) => c.timeToFirstTokenExtensionMs - c.timeToFirstTokenRawMs), 0, true)} ms`,
        '≤ +10 ms',
      ],
      [
        '  later chats of the same windows',
        spread(laterChats.map((c) => c.timeToFirstTokenExtensionMs)),
        spread(laterChats.map((c) => c.timeToFirstTokenRawMs)),
        `${spread(laterChats.map((c) => c.timeToFirstTokenExtensionMs - c.timeToFirstTokenRawMs), 0, true)} ms`,
        '≤ +10 ms',
      ],
      [
        `extension host RSS: peak during a ${results.prompts.toLocaleString('en-US')}-prompt run vs just before it, MB`,
        spread(r.map((x) => x.hostRssPeakMb)),
        spread(r.map((x) => x.hostRssBeforeMb)),
        `${spread(r.map((x) => x.hostRssPeakMb - x.hostRssBeforeMb), 0, true)} MB`,
        '≤ +40 MB',
      ],
    ],
  );
  printTable('The same runs, in more detail: median (range)', ['measure', 'value'], [
    ['activate() to resolved, ms', activateMs],
    ['  the bundle loading before it, ms', loadMs ?? 'n/a'],
    ['results panel: command returned, ms', spread(r.map((x) => x.commandMs))],
    ['  the page on screen, ms', spread(r.map((x) => x.pageMs))],
    ['  command to the run complete in the panel, ms', spread(r.map((x) => x.completeMs))],
    ["  command to the run's end written to its ledger by the host; from there to \"ok\" in the panel, ms", `${spread(r.map((x) => x.runEndedMs))}; ${spread(r.map((x) => x.okMs - x.runEndedMs), 0, true)}`],
    ["  the extension host's CPU through the run; the CLI process's, ms", `${spread(r.map((x) => x.hostCpuMs))}; ${spread(r.map((x) => x.cli.cpuMs))}`],
    ['  messages posted to the webview', spread(r.map((x) => x.messages))],
    ['  live JS heap the panel adds (after a GC), MB', spread(r.map((x) => x.webviewHeapMb), 1)],
    ['  the whole renderer: workbench and webviews (after a GC), MB', spread(r.map((x) => x.rendererHeapMb), 1)],
    ['  extension host RSS before each run; peak during it; after it, MB', `${spread(r.map((x) => x.hostRssBeforeMb))}; ${spread(r.map((x) => x.hostRssPeakMb))}; ${spread(r.map((x) => x.hostRssAfterMb))}`],
    ['experiment panel: command to the first answered cells, ms', spread(e.map((x) => x.firstCellsMs))],
    ["  the extension host's CPU through the run; eval's process, ms", `${spread(e.map((x) => x.hostCpuMs))}; ${spread(e.map((x) => x.eval.cpuMs))}`],
    ['  messages posted to the webview', spread(e.map((x) => x.messages))],
    ['  matrix rows in the DOM; live JS heap the panel adds, MB', `${spread(e.map((x) => x.renderedRows))}; ${spread(e.map((x) => x.webviewHeapMb), 1)}`],
    ...chats.flat().flatMap((chat) => [
      [`chat at ${chat.tokensPerSecond} tokens/s asked (${chat.achievedTokensPerSecond.toFixed(0)} delivered): characters shown / sent`, `${chat.charactersShown} / ${chat.characters}`],
      ['  messages per second into the webview', chat.messagesPerSecond],
      ['  command to first visible text; the empty webview floor, ms', `${chat.commandToFirstVisibleTextMs.toFixed(0)}; ${chat.emptyPanelMs.toFixed(0)}`],
    ]),
  ]);
}

export async function benchExtension(options: { host: boolean }): Promise<void> {
  benchBundles();
  await benchPolling();
  if (options.host) benchHost();
}
