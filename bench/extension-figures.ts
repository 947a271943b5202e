// The extension's costs: bundle sizes (as built and minified, raw and gzipped), what the queue monitor
// asks of a deployment per minute (focused and unfocused), and, with --host, what a real extension host
// measures (code-server + headless Chromium): activation, the results panel with 10,000 prompts, the
// experiment panel with 6,000 cells, and chat streaming at 2,000 and 5,000 tokens/s.

import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Figures only a real extension host gives: the host suite's `figures:` tests write them (test/host/suite/figures*.test.ts). */
function benchHost(): void {
  const run = spawnSync(process.execPath, [join(ROOT, 'out/test/host/runner/code-server-runner.js'), '--figures'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`The host run failed:\n${run.stdout}\n${run.stderr}`);
  const read = <T>(name: string) => JSON.parse(readFileSync(join(ROOT, 'test-results/figures', name), 'utf8')) as T;
  const { activateMs, loadMs } = read<{ activateMs: number; loadMs?: number }>('activation.json');
  const panel = read<Record<string, number>>('results-panel.json');
  const chats = read<Record<string, number>[]>('chat.json');
  const experiment = read<Record<string, number>>('experiment-panel.json');
  printTable('In a real extension host (code-server 4.96.4, headless Chromium)', ['measure', 'value'], [
    ['activate() to resolved, ms', activateMs],
    ['  the bundle loading before it, ms', loadMs ?? 'n/a'],
    [`results panel, ${panel.prompts} prompts: command to first rows, ms`, panel.firstRenderMs],
    ['  the page on screen; first answer shown, ms', `${panel.pageMs?.toFixed(0)}; ${panel.firstAnswerMs?.toFixed(0)}`],
    ['  command to run complete (zero-latency simulator), ms', panel.runMs],
    ["  the runner's own time in the host (its ledger), ms", panel.runnerMs],
    ['  messages posted to the webview', panel.messages],
    ['  messages per second', panel.messagesPerSecond],
    ['  live JS heap the panel adds (after a GC), MB', panel.webviewHeapMb],
    ['  the whole renderer: workbench and webviews (after a GC), MB', panel.rendererHeapMb ?? 'n/a'],
    ['  extension host RSS before; after, MB', `${panel.hostRssBeforeMb?.toFixed(0) ?? 'n/a'}; ${panel.hostRssMb.toFixed(0)}`],
    [`experiment panel, ${experiment.cells} cells: command to first answered cells, ms`, experiment.firstCellsMs],
    ['  command to run complete (zero-latency simulator), ms', experiment.runMs],
    ['  matrix rows in the DOM; live JS heap the panel adds, MB', `${experiment.renderedRows}; ${experiment.webviewHeapMb.toFixed(0)}`],
    ...chats.flatMap((chat) => [
      [`chat at ${chat.tokensPerSecond} tokens/s asked (${chat.achievedTokensPerSecond.toFixed(0)} delivered): characters shown / sent`, `${chat.charactersShown} / ${chat.characters}`],
      ['  messages per second into the webview', chat.messagesPerSecond],
      ['  time to first token: extension / raw socket read, ms', `${chat.timeToFirstTokenExtensionMs.toFixed(0)} / ${chat.timeToFirstTokenRawMs.toFixed(0)}`],
      ['  command to first visible text, ms', chat.commandToFirstVisibleTextMs],
      ['  an empty webview panel opening (the floor), ms', chat.emptyPanelMs],
    ]),
  ]);
}

export async function benchExtension(options: { host: boolean }): Promise<void> {
  benchBundles();
  await benchPolling();
  if (options.host) benchHost();
}
