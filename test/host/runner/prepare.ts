// What both runners need before a host starts: fresh bundles (the extension's dist/extension.js, and
// dist/sim.js for the tests' simulator) and the compiled suite.

import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, SUITE_DIR, WORKSPACE_DIR } from './paths';
import { exitCodeOf, killGroup, spawnGroup } from './process-group';
import type { RunScope } from './run-scope';

export async function buildBundles(scope: RunScope): Promise<void> {
  const child = spawnGroup(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const forget = scope.defer(() => killGroup(child));
  const code = await exitCodeOf(child);
  forget();
  if (code !== 0) throw new Error(`node scripts/build.mjs failed with exit code ${code}`);
}

/** Each run opens a fresh copy of test/host/workspace: tests may change it, and the repository stays clean. */
export function copyWorkspace(runDir: string): string {
  const copy = join(runDir, 'workspace');
  cpSync(WORKSPACE_DIR, copy, { recursive: true });
  return copy;
}

/**
 * VS Code runs extensionTestsPath only in an extension development host. To test an installed .vsix and not
 * the repository, the development path is an empty folder: no extension there to shadow the installed one.
 */
export function emptyDevelopmentFolder(runDir: string): string {
  const folder = join(runDir, 'no-extension-under-development');
  mkdirSync(folder);
  return folder;
}

export function requireCompiledSuite(): void {
  if (!existsSync(join(SUITE_DIR, 'index.js'))) {
    throw new Error(`${relative(REPO_ROOT, SUITE_DIR)}/index.js is missing: compile the tests first (npm run compile:tests).`);
  }
}
