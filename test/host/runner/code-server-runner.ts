// Runs the host suite (out/test/host/suite) inside a real VS Code extension host on a machine that cannot
// download VS Code: code-server from npm serves the workbench, headless Chromium opens it. The suite runs in
// two passes, each in a fresh host: the usual one, then one in Restricted Mode (see run-options.ts).
// Usage: node out/test/host/runner/code-server-runner.js [--grep REGEXP] [--vsix FILE] [--pass PASS] [--timeout S]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { HostPass } from '../suite/helpers/host-env';
import { ensureCodeServer } from './code-server-install';
import { installVsix, prepareCodeServerDirs, startCodeServer } from './code-server-server';
import { launchChromium, openWorkbenchPage, runSuiteInWorkbench } from './code-server-workbench';
import { saveHostLogs, type LogFile } from './host-logs';
import { OutputBuffer } from './output-buffer';
import { startPageHelper } from './page-helper-server';
import { REPO_ROOT, SUITE_DIR } from './paths';
import { buildBundles, copyWorkspace, emptyDevelopmentFolder, requireCompiledSuite } from './prepare';
import type { RunOptions } from './run-options';
import { inNestedScope, type RunScope } from './run-scope';
import { runnerMain } from './runner-main';
import { announcePass, suiteEnvIn } from './suite-env';

async function runOnCodeServer(scope: RunScope, options: RunOptions): Promise<number> {
  requireCompiledSuite();
  await buildBundles(scope);
  const entry = await ensureCodeServer(scope);
  let exitCode = 0;
  for (const pass of options.passes) {
    announcePass(pass, options);
    const passCode = await inNestedScope(scope, (passScope) => runPass(passScope, entry, options, pass));
    exitCode ||= passCode;
  }
  return exitCode;
}

async function runPass(scope: RunScope, entry: string, options: RunOptions, pass: HostPass): Promise<number> {
  const runDir = mkdtempSync(join(tmpdir(), 'scalarlm-host-'));
  scope.defer(() => rmSync(runDir, { recursive: true, force: true }));
  const dirs = prepareCodeServerDirs(runDir, pass === 'untrusted');
  const workspace = copyWorkspace(runDir);
  if (options.vsix) await installVsix(entry, dirs, options.vsix);

  const workbench: { page?: Page } = {};
  const helper = await startPageHelper(() => workbench.page);
  scope.defer(() => helper.close());
  const server = await startCodeServer(scope, entry, dirs, workspace, suiteEnvIn(runDir, helper.url, options, pass));
  const browserConsole = new OutputBuffer();
  const workbenchLogs: LogFile[] = [];
  scope.defer((exitCode) => {
    if (exitCode === 0) return;
    const files = [
      ...workbenchLogs.map((log) => ({ ...log, relativePath: join('workbench', log.relativePath) })),
      { relativePath: 'code-server.log', contents: server.output.text() },
      { relativePath: 'browser-console.log', contents: browserConsole.text() },
    ];
    saveHostLogs(pass === 'trusted' ? 'code-server' : `code-server-${pass}`, files, { 'server-logs': join(dirs.userDataDir, 'logs') });
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
