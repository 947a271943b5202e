// The variables the suite reads inside the extension host (names in ../suite/helpers/host-env.ts).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_ENV, type HostMode } from '../suite/helpers/host-env';
import type { RunOptions } from './run-options';

/** `runDir` is the run's own temporary folder; the suite keeps what must outlive a window reload inside it. */
export function suiteEnvIn(runDir: string, helperUrl: string, options: RunOptions): Record<string, string> {
  const mode: HostMode = options.vsix ? 'vsix' : 'dev';
  const stateDir = join(runDir, 'suite-state');
  mkdirSync(stateDir, { recursive: true });
  return {
    [HOST_ENV.helperUrl]: helperUrl,
    [HOST_ENV.mode]: mode,
    [HOST_ENV.stateDir]: stateDir,
    ...(options.grep ? { [HOST_ENV.grep]: options.grep } : {}),
    ...(options.figures ? { [HOST_ENV.figures]: '1' } : {}),
  };
}
