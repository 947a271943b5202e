// Starts code-server for one run: a fresh user-data-dir and extensions dir, no auth, no gallery, a free port
// on 127.0.0.1, in its own process group so its extension host stops with it.

import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostProcessEnv } from './host-process-env';
import { OutputBuffer } from './output-buffer';
import { exitCodeOf, killGroup, spawnGroup } from './process-group';
import type { RunScope } from './run-scope';
import { writeUserSettings } from './user-settings';

export interface CodeServerDirs {
  userDataDir: string;
  extensionsDir: string;
  /**
   * TMPDIR of code-server and its extension host, inside the run's folder: they leave sockets
   * (vscode-ipc-*.sock) and the TypeScript server's folder behind in the temp dir, and these go with it.
   */
  tmpDir: string;
  /** An empty config file of the run's own, so code-server does not create ~/.config/code-server/config.yaml. */
  configFile: string;
  /** Workspace trust on (its user setting too): code-server then tells the workbench to enforce it. */
  workspaceTrust: boolean;
}

export interface CodeServer {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** Everything code-server printed, for the failure logs. */
  readonly output: OutputBuffer;
  /** Resolves with the exit code if code-server stops before the runner stops it. */
  readonly exited: Promise<number>;
}

const STARTUP_TIMEOUT_MS = 60_000;
const POLL_MS = 100;
/** No gallery: the machine cannot reach one, and tests must not depend on one. */
const NO_GALLERY = JSON.stringify({ serviceUrl: '' });

/** `workspaceTrust`: enable workspace trust (the untrusted pass); off, every folder is trusted. */
export function prepareCodeServerDirs(root: string, workspaceTrust = false): CodeServerDirs {
  const dirs = {
    userDataDir: join(root, 'user-data'),
    extensionsDir: join(root, 'extensions'),
    tmpDir: join(root, 'tmp'),
    configFile: join(root, 'config.yaml'),
    workspaceTrust,
  };
  writeUserSettings(dirs.userDataDir, workspaceTrust);
  mkdirSync(dirs.tmpDir);
  writeFileSync(dirs.configFile, '');
  return dirs;
}

function dirArgs(dirs: CodeServerDirs): string[] {
  return ['--config', dirs.configFile, '--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir];
}

/** `code-server --install-extension` works offline with a local .vsix. */
export async function installVsix(entry: string, dirs: CodeServerDirs, vsix: string): Promise<void> {
  const child = spawnGroup(process.execPath, [entry, ...dirArgs(dirs), '--install-extension', vsix], {
    env: hostProcessEnv({ EXTENSIONS_GALLERY: NO_GALLERY, TMPDIR: dirs.tmpDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new OutputBuffer();
  output.follow(child.stdout);
  output.follow(child.stderr);
  const code = await exitCodeOf(child);
  if (code !== 0) throw new Error(`code-server --install-extension ${vsix} failed with exit code ${code}:\n${output.text()}`);
}

export async function startCodeServer(
  scope: RunScope,
  entry: string,
  dirs: CodeServerDirs,
  workspace: string,
  suiteEnv: Record<string, string>,
): Promise<CodeServer> {
  const args = [
    ...dirArgs(dirs),
    ...['--auth', 'none', '--bind-addr', '127.0.0.1:0'], // port 0: code-server prints the one it got
    ...['--disable-telemetry', '--disable-update-check', '--disable-getting-started-override', '--ignore-last-opened'],
    ...(dirs.workspaceTrust ? [] : ['--disable-workspace-trust']),
    workspace,
  ];
  const child = spawnGroup(process.execPath, [entry, ...args], {
    env: hostProcessEnv({ ...suiteEnv, EXTENSIONS_GALLERY: NO_GALLERY, TMPDIR: dirs.tmpDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  scope.defer(() => killGroup(child));
  const output = new OutputBuffer();
  output.follow(child.stdout);
  output.follow(child.stderr);
  const exited = exitCodeOf(child);
  const port = await listeningPort(child, output, exited);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealthz(origin);
  return { origin, output, exited: exited.catch(() => 1) };
}

/** Port 0 leaves no race for a free port: code-server reports the one it bound. */
function listeningPort(child: ChildProcess, output: OutputBuffer, exited: Promise<number>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let seen = '';
    const streams = [child.stdout, child.stderr];
    const settle = (outcome: () => void): void => {
      clearTimeout(timer);
      for (const stream of streams) stream?.off('data', onData);
      outcome();
    };
    const onData = (text: string): void => {
      seen += text;
      const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) settle(() => resolve(Number(match[1])));
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`code-server did not start within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.text()}`))),
      STARTUP_TIMEOUT_MS,
    );
    for (const stream of streams) stream?.on('data', onData);
    exited.then(
      (code) => settle(() => reject(new Error(`code-server exited with code ${code} while starting:\n${output.text()}`))),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

async function waitForHealthz(origin: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${origin}/healthz did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
