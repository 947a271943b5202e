// Runs the same host suite in desktop VS Code, for machines that can download it (this one cannot: use
// code-server-runner there). @vscode/test-electron downloads VS Code; Playwright launches it, so the page
// helper works over its window exactly as over code-server's page. VS Code exits with the suite's result.
// Like the code-server runner, it runs the usual pass, then the Restricted Mode pass (see run-options.ts).
// Usage: node out/test/host/runner/electron-runner.js [--grep REGEXP] [--vsix FILE] [--pass PASS] [--timeout S]
// Env: SCALARLM_VSCODE_VERSION (default stable). On Linux without a display, run it under `xvfb-run -a`.

import { downloadAndUnzipVSCode, resolveCliPathFromVSCodeExecutablePath } from '@vscode/test-electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type Page } from 'playwright-core';
import type { HostPass } from '../suite/helpers/host-env';
import { saveHostLogs } from './host-logs';
import { hostProcessEnv } from './host-process-env';
import { OutputBuffer } from './output-buffer';
import { startPageHelper } from './page-helper-server';
import { CACHE_DIR, REPO_ROOT, SUITE_DIR } from './paths';
import { buildBundles, copyWorkspace, emptyDevelopmentFolder, requireCompiledSuite } from './prepare';
import { exitCodeOf, killGroup, spawnGroup } from './process-group';
import type { RunOptions } from './run-options';
import { inNestedScope, type RunScope } from './run-scope';
import { runnerMain } from './runner-main';
import { announcePass, suiteEnvIn } from './suite-env';
import { writeUserSettings } from './user-settings';

const VSCODE_VERSION = process.env.SCALARLM_VSCODE_VERSION || 'stable';
/** How long VS Code may take to quit when asked, before its process group is killed. */
const CLOSE_GRACE_MS = 10_000;

/** test-electron's own defaults, plus a keyring-free secret store: CI machines have no keyring. */
const VSCODE_FLAGS = [
  '--disable-updates',
  '--disable-telemetry',
  '--skip-welcome',
  '--skip-release-notes',
  '--disable-gpu-sandbox',
  '--password-store=basic',
];

async function runOnDesktop(scope: RunScope, options: RunOptions): Promise<number> {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error('Desktop VS Code needs a display: run this under `xvfb-run -a`.');
  }
  requireCompiledSuite();
  await buildBundles(scope);
  const executable = await downloadAndUnzipVSCode({ version: VSCODE_VERSION, cachePath: CACHE_DIR });
  let exitCode = 0;
  for (const pass of options.passes) {
    announcePass(pass, options);
    const passCode = await inNestedScope(scope, (passScope) => runPass(passScope, executable, options, pass));
    exitCode ||= passCode;
  }
  return exitCode;
}

async function runPass(scope: RunScope, executable: string, options: RunOptions, pass: HostPass): Promise<number> {
  const runDir = mkdtempSync(join(tmpdir(), 'scalarlm-host-'));
  scope.defer(() => rmSync(runDir, { recursive: true, force: true }));
  const userDataDir = join(runDir, 'user-data');
  const extensionsDir = join(runDir, 'extensions');
  // A fresh user-data-dir trusts no folder: with trust enabled, the workspace opens in Restricted Mode.
  writeUserSettings(userDataDir, pass === 'untrusted');
  if (options.vsix) await installVsix(executable, { userDataDir, extensionsDir }, options.vsix);

  const workbench: { page?: Page } = {};
  const helper = await startPageHelper(() => workbench.page);
  scope.defer(() => helper.close());

  const app = await _electron.launch({
    executablePath: executable,
    args: [
      copyWorkspace(runDir),
      `--extensionDevelopmentPath=${options.vsix ? emptyDevelopmentFolder(runDir) : REPO_ROOT}`,
      `--extensionTestsPath=${SUITE_DIR}`,
      ...['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir],
      ...VSCODE_FLAGS,
      ...(pass === 'untrusted' ? [] : ['--disable-workspace-trust']),
    ],
    env: definedOnly(hostProcessEnv(suiteEnvIn(runDir, helper.url, options, pass))),
  });
  const vscodeProcess = app.process();
  const exited = exitCodeOf(vscodeProcess);
  const output = new OutputBuffer();
  // In a test run VS Code forwards the extension host's console (mocha's report) to its own stdout/stderr.
  output.follow(vscodeProcess.stdout, (text) => process.stdout.write(text));
  output.follow(vscodeProcess.stderr, (text) => process.stderr.write(text));
  scope.defer(async (exitCode) => {
    if (exitCode !== 0) saveHostLogs(pass === 'trusted' ? 'electron' : `electron-${pass}`, [{ relativePath: 'vscode.log', contents: output.text() }], { logs: join(userDataDir, 'logs') });
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([app.close().catch(() => undefined), graceOver]); // already closed when the suite ended it
    clearTimeout(timer);
    await killGroup(vscodeProcess);
  });
  // Not awaited: if VS Code ends before it reports a window, its exit code still is the answer.
  void app.firstWindow().then(
    (page) => {
      workbench.page = page;
    },
    () => undefined,
  );
  return exited;
}

async function installVsix(executable: string, dirs: { userDataDir: string; extensionsDir: string }, vsix: string): Promise<void> {
  const cli = resolveCliPathFromVSCodeExecutablePath(executable);
  const child = spawnGroup(cli, ['--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir, '--install-extension', vsix], {
    env: hostProcessEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32', // the CLI is a .cmd script there
  });
  const output = new OutputBuffer();
  output.follow(child.stdout);
  output.follow(child.stderr);
  const code = await exitCodeOf(child);
  if (code !== 0) throw new Error(`${cli} --install-extension ${vsix} failed with exit code ${code}:\n${output.text()}`);
}

/** Playwright's launch takes only string values. */
function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

runnerMain('electron-runner', runOnDesktop);
