// Command-line options shared by both runners. Each also has an environment variable, for npm scripts and CI.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HOST_PASSES, type HostPass } from '../suite/helpers/host-env';

export interface RunOptions {
  /** A mocha grep (a regular expression): only tests whose full title matches run. */
  grep?: string;
  /** Test this packaged extension instead of the repository's development build. */
  vsix?: string;
  /** Run the suite's figures (measurements for bench/) instead of its tests. */
  figures: boolean;
  /**
   * The suite's runs, in order, each in a host of its own: the usual one, then one with workspace trust
   * enabled on a folder that is not trusted (Restricted Mode), for the *.untrusted.test files.
   */
  passes: HostPass[];
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_SECONDS = 600;

export const USAGE = `Options:
  --grep REGEXP    run only tests whose full title matches, as mocha's --grep (env SCALARLM_HOST_GREP)
  --vsix FILE      install and test this packaged extension instead of the development build
  --figures        run the measurements in suite/figures (for bench/) instead of the tests
  --pass PASS      run only one pass: trusted (the usual tests) or untrusted (workspace trust enabled, the
                   folder not trusted: the *.untrusted.test files); default both, one after the other,
                   or trusted alone with --vsix or --figures (env SCALARLM_HOST_PASS)
  --timeout S      overall limit in seconds, default ${DEFAULT_TIMEOUT_SECONDS} (env SCALARLM_HOST_TIMEOUT_SECONDS)`;

export function parseRunOptions(argv: string[], env: NodeJS.ProcessEnv): RunOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { grep: { type: 'string' }, vsix: { type: 'string' }, figures: { type: 'boolean' }, pass: { type: 'string' }, timeout: { type: 'string' } },
  });
  const timeoutText = values.timeout ?? env.SCALARLM_HOST_TIMEOUT_SECONDS ?? String(DEFAULT_TIMEOUT_SECONDS);
  const timeoutSeconds = Number(timeoutText);
  if (!(timeoutSeconds > 0)) throw new Error(`The timeout must be a positive number of seconds, got "${timeoutText}".`);
  const vsix = values.vsix === undefined ? undefined : resolve(values.vsix);
  if (vsix !== undefined && !existsSync(vsix)) throw new Error(`No such .vsix: ${vsix}`);
  const grep = values.grep ?? (env.SCALARLM_HOST_GREP || undefined);
  const figures = values.figures === true;
  const pass = values.pass ?? (env.SCALARLM_HOST_PASS || undefined);
  if (pass !== undefined && !HOST_PASSES.includes(pass as HostPass)) throw new Error(`--pass is ${HOST_PASSES.join(' or ')}, not "${pass}".`);
  // A packaged extension and the figures are checked in the usual host only.
  const passes: HostPass[] = pass !== undefined ? [pass as HostPass] : vsix !== undefined || figures ? ['trusted'] : [...HOST_PASSES];
  return { grep, vsix, figures, passes, timeoutMs: timeoutSeconds * 1000 };
}
