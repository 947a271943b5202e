// npm start: the extension at work with no deployment and no desktop VS Code. Builds, starts the simulator
// and code-server with the extension under development and the examples/ workspace, prints the URL to
// open, and runs until Ctrl-C. It shares the host tests' code-server install and launch.
// Usage: node out/test/host/runner/start-demo.js

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureCodeServer } from './code-server-install';
import { prepareCodeServerDirs, startCodeServer } from './code-server-server';
import { REPO_ROOT } from './paths';
import { buildBundles } from './prepare';
import { killGroup, spawnGroup } from './process-group';
import { runToExit, type RunScope } from './run-scope';

const EXAMPLES = join(REPO_ROOT, 'examples');
const DAY_MS = 24 * 60 * 60_000;

async function startDemo(scope: RunScope): Promise<number> {
  await buildBundles(scope);
  const entry = await ensureCodeServer(scope);
  const runDir = mkdtempSync(join(tmpdir(), 'scalarlm-demo-'));
  scope.defer(() => rmSync(runDir, { recursive: true, force: true }));

  const simulator = await startSimulator(scope);
  const dirs = prepareCodeServerDirs(runDir);
  pointSettingsAt(dirs.userDataDir, simulator);
  const server = await startCodeServer(scope, entry, dirs, EXAMPLES, {});

  const remote = `vscode-remote://${new URL(server.origin).host}${REPO_ROOT}`;
  const query = new URLSearchParams({ folder: EXAMPLES, payload: JSON.stringify([['extensionDevelopmentPath', remote]]) });
  console.log(`\nScalarLM Prompt Lab in code-server, talking to the simulator at ${simulator}.`);
  console.log(`Open this URL in a browser on this machine:\n\n  ${server.origin}/?${query.toString()}\n\nCtrl-C stops everything.`);
  return server.exited;
}

/** The bundled simulator on port 8000 when it is free, else any free port. */
async function startSimulator(scope: RunScope): Promise<string> {
  for (const port of ['8000', '0']) {
    const child = spawnGroup(process.execPath, [join(REPO_ROOT, 'dist', 'sim.js'), '--port', port, '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const forget = scope.defer(() => killGroup(child));
    const url = await new Promise<string | undefined>((resolve) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const match = /listening on (http:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]);
      });
      child.once('exit', () => resolve(undefined));
    });
    if (url) return url;
    forget();
  }
  throw new Error('The simulator did not start.');
}

function pointSettingsAt(userDataDir: string, baseUrl: string): void {
  const file = join(userDataDir, 'User', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...settings, 'scalarlm.baseUrl': baseUrl }, null, 2));
}

runToExit('start-demo', DAY_MS, startDemo);
