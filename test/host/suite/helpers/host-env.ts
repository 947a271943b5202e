// The environment variables through which a runner tells the suite, inside the extension host, how it was
// started. The extension host inherits them from the process that starts it (code-server, or VS Code).

export const HOST_ENV = {
  /** Base URL of the runner's page helper (screenshots, the workbench and webview DOM). */
  helperUrl: 'SCALARLM_HOST_HELPER',
  /** 'dev': the extension runs from the repository; 'vsix': from an installed package. */
  mode: 'SCALARLM_HOST_MODE',
  /** Only tests whose full title matches this regular expression (a mocha grep) run. */
  grep: 'SCALARLM_HOST_GREP',
  /** Set: run the measurements in suite/figures (for bench/) instead of the tests. */
  figures: 'SCALARLM_HOST_FIGURES',
  /** A folder that outlives a window reload within one run: where the suite notes what ran before it. */
  stateDir: 'SCALARLM_HOST_STATE',
  /** 'untrusted': the host has workspace trust enabled and the folder is not trusted; only *.untrusted.test files run. */
  pass: 'SCALARLM_HOST_PASS',
} as const;

export type HostMode = 'dev' | 'vsix';

/** A run of the suite: the usual one (workspace trust off), or the one in Restricted Mode. */
export type HostPass = 'trusted' | 'untrusted';

export const HOST_PASSES: readonly HostPass[] = ['trusted', 'untrusted'];

/** The tests of the untrusted pass, and only those, are in files named *.untrusted.test.ts. */
export const UNTRUSTED_FILE_SUFFIX = '.untrusted.test.js';
