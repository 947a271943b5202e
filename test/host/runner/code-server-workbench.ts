// The code-server side of a run in the browser: headless Chromium opens the workbench with the suite in
// its payload; the workbench hands the extension host's console and the suite's result back through the
// window.codeAutomationLog / window.codeAutomationExit hooks that VS Code's web build calls when they exist.

import { format } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { LogFile } from './host-logs';
import type { OutputBuffer } from './output-buffer';

export interface SuiteResult {
  code: number;
  /** The workbench's own logs (window.log, the extension host's logs...), as the workbench sent them. */
  logs: LogFile[];
}

export interface WorkbenchTarget {
  origin: string;
  workspace: string;
  suiteDir: string;
  extensionDevelopmentPath: string;
}

const CHROMIUM = process.env.SCALARLM_HOST_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox', // root in containers
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Workbench start-up chatter that arrives through the same hook as the extension host's console; printing
 * it would bury mocha's report. It is still in window.log.
 */
const WORKBENCH_CHATTER = [
  /^Resolving connection token/,
  /^Resolved connection token/,
  /^Creating a socket \(/,
  /^\[Service Worker\]/,
  /^Ignoring fetching additional builtin extensions/,
  /^Updating additional builtin extensions cache/,
];

/**
 * Chromium writes its crash-report database under XDG_CONFIG_HOME (~/.config/chromium) and scratch files
 * under TMPDIR; the runner points both into the run's folder, which goes away after the run.
 */
export async function launchChromium(dirs: { configHome: string; tmpDir: string }): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, XDG_CONFIG_HOME: dirs.configHome, TMPDIR: dirs.tmpDir },
    // The runner closes the browser itself, in order with code-server; Playwright's handlers would exit first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

export async function openWorkbenchPage(browser: Browser, browserConsole: OutputBuffer): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') browserConsole.append(`[${message.type()}] ${message.text()}\n`);
  });
  page.on('pageerror', (error) => browserConsole.append(`[pageerror] ${error.stack ?? error.message}\n`));
  return page;
}

/** Opens the workbench with the suite and resolves when the extension host reports the suite's result. */
export async function runSuiteInWorkbench(page: Page, target: WorkbenchTarget): Promise<SuiteResult> {
  let report: (result: SuiteResult) => void = () => undefined;
  let reported = false;
  const finished = new Promise<SuiteResult>((resolve) => {
    report = resolve;
  });
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
    if (!reported) printAutomationLog(type, args); // afterwards the workbench only narrates its shutdown
  });
  await page.exposeFunction('codeAutomationExit', (code: number, logs: LogFile[] | undefined) => {
    reported = true;
    report({ code, logs: logs ?? [] });
  });
  const crashed = new Promise<SuiteResult>((resolve) => {
    page.once('crash', () => {
      console.error('The workbench page crashed.');
      resolve({ code: 1, logs: [] });
    });
  });
  await page.goto(workbenchUrl(target));
  return Promise.race([finished, crashed]);
}

/** The extension host's URIs must carry the authority (host:port) the page was loaded from. */
function workbenchUrl(target: WorkbenchTarget): string {
  const remote = (path: string): string => `vscode-remote://${new URL(target.origin).host}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(target.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(target.suiteDir)],
    ['skipWelcome', 'true'],
  ];
  const query = new URLSearchParams({ folder: target.workspace, payload: JSON.stringify(payload) });
  return `${target.origin}/?${query.toString()}`;
}

function printAutomationLog(type: string, args: unknown): void {
  const text = Array.isArray(args) ? format(...(args as unknown[])) : String(args);
  if (WORKBENCH_CHATTER.some((pattern) => pattern.test(text))) return;
  if (type === 'error' || type === 'warn') console.error(text);
  else console.log(text);
}
