// Command-line options shared by both runners. Each also has an environment variable, for npm scripts and CI.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface RunOptions {
  /** A mocha grep (a regular expression): only tests whose full title matches run. */
  grep?: string;
  /** Test this packaged extension instead of the repository's development build. */
  vsix?: string;
  /** Run the suite's figures (measurements for bench/) instead of its tests. */
  figures: boolean;
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_SECONDS = 600;

export const USAGE = `Options:
  --grep REGEXP    run only tests whose full title matches, as mocha's --grep (env SCALARLM_HOST_GREP)
  --vsix FILE      install and test this packaged extension instead of the development build
  --figures        run the measurements in suite/figures (for bench/) instead of the tests
  --timeout S      overall limit in seconds, default ${DEFAULT_TIMEOUT_SECONDS} (env SCALARLM_HOST_TIMEOUT_SECONDS)`;

export function parseRunOptions(argv: string[], env: NodeJS.ProcessEnv): RunOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { grep: { type: 'string' }, vsix: { type: 'string' }, figures: { type: 'boolean' }, timeout: { type: 'string' } },
  });
  const timeoutText = values.timeout ?? env.SCALARLM_HOST_TIMEOUT_SECONDS ?? String(DEFAULT_TIMEOUT_SECONDS);
  const timeoutSeconds = Number(timeoutText);
  if (!(timeoutSeconds > 0)) throw new Error(`The timeout must be a positive number of seconds, got "${timeoutText}".`);
  const vsix = values.vsix === undefined ? undefined : resolve(values.vsix);
  if (vsix !== undefined && !existsSync(vsix)) throw new Error(`No such .vsix: ${vsix}`);
  const grep = values.grep ?? (env.SCALARLM_HOST_GREP || undefined);
  return { grep, vsix, figures: values.figures === true, timeoutMs: timeoutSeconds * 1000 };
}
