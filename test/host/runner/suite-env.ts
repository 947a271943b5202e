// The variables the suite reads inside the extension host (names in ../suite/helpers/host-env.ts).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_ENV, type HostMode, type HostPass } from '../suite/helpers/host-env';
import type { RunOptions } from './run-options';

/** `runDir` is the pass's own temporary folder; the suite keeps what must outlive a window reload inside it. */
export function suiteEnvIn(runDir: string, helperUrl: string, options: RunOptions, pass: HostPass): Record<string, string> {
  const mode: HostMode = options.vsix ? 'vsix' : 'dev';
  const stateDir = join(runDir, 'suite-state');
  mkdirSync(stateDir, { recursive: true });
  return {
    [HOST_ENV.helperUrl]: helperUrl,
    [HOST_ENV.mode]: mode,
    [HOST_ENV.stateDir]: stateDir,
    [HOST_ENV.pass]: pass,
    ...(options.grep ? { [HOST_ENV.grep]: options.grep } : {}),
    ...(options.figures ? { [HOST_ENV.figures]: '1' } : {}),
  };
}

/** When there are two passes, a line before each says which host the report below comes from. */
export function announcePass(pass: HostPass, options: RunOptions): void {
  if (options.passes.length < 2) return;
  console.log(pass === 'trusted' ? '\nPass 1: the usual host (workspace trust off)' : '\nPass 2: Restricted Mode (workspace trust on, the folder not trusted): the *.untrusted.test files');
}
