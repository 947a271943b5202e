// Where the host-test runners find the project and put their output. Compiled to out/test/host/runner/,
// so the repository root is four levels up.

import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
/** The compiled suite: the extension host loads its index.js and awaits run(). */
export const SUITE_DIR = join(REPO_ROOT, 'out', 'test', 'host', 'suite');
/** The workspace the tests open (a fresh copy of it per run). */
export const WORKSPACE_DIR = join(REPO_ROOT, 'test', 'host', 'workspace');
/** Downloads and installs, reused across runs (gitignored). */
export const CACHE_DIR = join(REPO_ROOT, '.vscode-test');
export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
export const SCREENSHOTS_DIR = join(RESULTS_DIR, 'screenshots');
/** The README's images as the last host test run took them (scripts/readme-images.mjs copies them to docs/images). */
export const README_IMAGES_DIR = join(SCREENSHOTS_DIR, 'readme');
export const HOST_LOGS_DIR = join(RESULTS_DIR, 'host-logs');
/** The figures the suite's figures tests measure (bench/extension-figures.ts reads them), and their profiles. */
export const FIGURES_DIR = join(RESULTS_DIR, 'figures');
