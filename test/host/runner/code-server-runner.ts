// Runs the host suite (out/test/host/suite) inside a real VS Code extension host on a machine that cannot
// download VS Code: code-server from npm serves the workbench, headless Chromium opens it.
// Usage: node out/test/host/runner/code-server-runner.js [--grep REGEXP] [--vsix FILE] [--timeout S]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ensureCodeServer } from './code-server-install';
import { installVsix, prepareCodeServerDirs, startCodeServer } from './code-server-server';
import { launchChromium, openWorkbenchPage, runSuiteInWorkbench } from './code-server-workbench';
import { saveHostLogs, type LogFile } from './host-logs';
import { OutputBuffer } from './output-buffer';
import { startPageHelper } from './page-helper-server';
import { REPO_ROOT, SUITE_DIR } from './paths';
import { buildBundles, copyWorkspace, emptyDevelopmentFolder, requireCompiledSuite } from './prepare';
import type { RunOptions } from './run-options';
import type { RunScope } from './run-scope';
import { runnerMain } from './runner-main';
import { suiteEnvIn } from './suite-env';

async function runOnCodeServer(scope: RunScope, options: RunOptions): Promise<number> {
  requireCompiledSuite();
  await buildBundles(scope);
  const entry = await ensureCodeServer(scope);

  const runDir = mkdtempSync(join(tmpdir(), 'scalarlm-host-'));
  scope.defer(() => rmSync(runDir, { recursive: true, force: true }));
  const dirs = prepareCodeServerDirs(runDir);
  const workspace = copyWorkspace(runDir);
  if (options.vsix) await installVsix(entry, dirs, options.vsix);

  const workbench: { page?: Page } = {};
  const helper = await startPageHelper(() => workbench.page);
  scope.defer(() => helper.close());
  const server = await startCodeServer(scope, entry, dirs, workspace, suiteEnvIn(runDir, helper.url, options));
  const browserConsole = new OutputBuffer();
  const workbenchLogs: LogFile[] = [];
  scope.defer((exitCode) => {
    if (exitCode === 0) return;
    const files = [
      ...workbenchLogs.map((log) => ({ ...log, relativePath: join('workbench', log.relativePath) })),
      { relativePath: 'code-server.log', contents: server.output.text() },
      { relativePath: 'browser-console.log', contents: browserConsole.text() },
    ];
    saveHostLogs('code-server', files, { 'server-logs': join(dirs.userDataDir, 'logs') });
  });
  // Registered last, so closed first: the workbench must not watch its server go away.
  const browser = await launchChromium({ configHome: join(runDir, 'browser-config'), tmpDir: dirs.tmpDir });
  scope.defer(() => browser.close());
  const page = await openWorkbenchPage(browser, browserConsole);
  workbench.page = page;

  const serverStopped = server.exited.then((code) => `code-server exited with code ${code} during the run.`);
  const result = await Promise.race([
    runSuiteInWorkbench(page, {
      origin: server.origin,
      workspace,
      suiteDir: SUITE_DIR,
      extensionDevelopmentPath: options.vsix ? emptyDevelopmentFolder(runDir) : REPO_ROOT,
    }),
    serverStopped,
  ]);
  if (typeof result === 'string') {
    if (!scope.closing) console.error(result);
    return 1;
  }
  workbenchLogs.push(...result.logs);
  return result.code;
}

runnerMain('code-server-runner', runOnCodeServer);
