// What the figures (suite/figures, for bench/extension-figures.ts) share: the CLI's wall time as the
// reference measured beside the editor in the same run, the extension host's RSS sampled through a run, the
// moment a webview showed something (stamped by the page itself, not by when a poll happened to look), and
// writing the figures where the bench reads them.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Session } from 'node:inspector';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from './extension';
import { profileRenderer, webviewEval, webviewQuery } from './page';
import { startSimulatorProcess } from './simulator';
import { waitFor } from './wait';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');

/** Rounds of editor-then-reference (or the other way round, alternating): several, so the bench gives medians and ranges. */
export const ROUNDS = 3;

/** ROUNDS rounds, each on a fresh zero-latency simulator process (with `flags`), with the window's editors closed after each. */
export async function inRounds(measure: (round: number, simUrl: string) => Promise<void>, flags: string[] = []): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const sim = await startSimulatorProcess(['--zero-latency', ...flags]);
    try {
      await measure(round, sim.url);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await sim.stop();
    }
  }
}

/** The editor's measure and its reference's, taken in turn: the editor first in even rounds, the reference in odd. */
export async function alternately<E, R>(round: number, editor: () => Promise<E>, reference: () => Promise<R>): Promise<[E, R]> {
  if (round % 2 === 0) {
    const measured = await editor();
    return [measured, await reference()];
  }
  const referenced = await reference();
  return [await editor(), referenced];
}

export function writeFigures(name: string, figures: unknown): void {
  const dir = join(REPO_ROOT, 'test-results', 'figures');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), JSON.stringify(figures, null, 2));
}

/** The preload that reports a process's CPU time at its exit (bench/report-usage.ts), so the CLI needs no hooks. */
const USAGE_PRELOAD = join(REPO_ROOT, 'out', 'bench', 'report-usage.js');

/** `scalarlm-lab ARGS` as a user runs it, its own process: the wall time from spawn to exit and its CPU time, in ms. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ wallMs: number; cpuMs: number }> {
  const usageFile = join(tmpdir(), `figures-usage-${process.pid}-${++cliRuns}.json`);
  const started = performance.now();
  // In desktop VS Code process.execPath is the Electron binary; this variable makes it behave as Node.
  const child = spawn(process.execPath, ['--require', USAGE_PRELOAD, CLI, ...args], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', BENCH_USAGE_FILE: usageFile, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`scalarlm-lab ${args[0]} exited with ${code}:\n${stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { userMs: number; systemMs: number };
  rmSync(usageFile, { force: true });
  return { wallMs, cpuMs: usage.userMs + usage.systemMs };
}

let cliRuns = 0;

/** This extension host's CPU time (user and system) from now to the call of the function returned, in ms. */
export function hostCpu(): () => number {
  const before = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000;
  };
}

/** The extension host's resident memory, sampled while something runs: its peak, in MB. */
export function sampleHostRss(everyMs = 20): { peakMb(): number; stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), everyMs);
  const peakMb = () => Math.max(peak, process.memoryUsage.rss()) / 2 ** 20;
  return {
    peakMb,
    stop: () => {
      clearInterval(timer);
      return peakMb();
    },
  };
}

export function hostRssMb(): number {
  return process.memoryUsage.rss() / 2 ** 20;
}

let stamps = 0;

/**
 * Has the page of the webview showing `contains` stamp (Date.now(), in its own clock: the same machine's) the
 * first moment `shown` (a JS expression) is true, watching `selector` for changes. Returns a function that
 * waits for the stamp. When `shown` is already true on arrival, the stamp is that moment: an upper bound.
 */
export async function stampWhenShown(contains: string, selector: string, shown: string, timeoutMs: number): Promise<() => Promise<number>> {
  await waitFor(async () => (await webviewQuery(contains, selector))?.count, { timeoutMs, what: `${selector} in the webview` });
  const key = `figuresStamp${++stamps}`;
  await webviewEval(
    contains,
    `(() => {
      const shown = () => ${shown};
      const stamp = () => { window.${key} = Date.now(); };
      if (shown()) return stamp();
      const observer = new MutationObserver(() => { if (shown()) { stamp(); observer.disconnect(); } });
      observer.observe(document.querySelector(${JSON.stringify(selector)}), { subtree: true, childList: true, characterData: true, attributes: true });
    })()`,
  );
  // The stamp is the page's own: looking for it seldom keeps the looking out of what is measured.
  return () => waitFor(async () => webviewEval<number | undefined>(contains, `window.${key}`), { timeoutMs, what: `the stamp of ${shown}`, everyMs: 500 });
}

/** Set to profile the CPU of the extension host and of the renderer through each editor run of the figures. */
export const PROFILE_ENV = 'SCALARLM_FIGURES_PROFILE';

/**
 * CPU profiles from now to stop(), when PROFILE_ENV is set (else nothing): this extension host's, written to
 * test-results/figures/NAME.cpuprofile, and the renderer's (the workbench and its webviews), NAME-renderer.cpuprofile.
 * Open them in Chrome's DevTools.
 */
export async function profileHost(name: string): Promise<{ stop(): Promise<void> }> {
  if (!process.env[PROFILE_ENV]) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await profileRenderer('start');
  await post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      writeFigures(`${name}.cpuprofile`, profile);
      await profileRenderer('stop', `${name}-renderer`);
    },
  };
}
