// The command-line entry shared by both runners: parse the options, then run one session to an exit code.

import { parseRunOptions, USAGE, type RunOptions } from './run-options';
import { describeError, runToExit, type RunScope } from './run-scope';

export function runnerMain(name: string, session: (scope: RunScope, options: RunOptions) => Promise<number>): void {
  let options: RunOptions;
  try {
    options = parseRunOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${name}: ${describeError(error)}\n${USAGE}`);
    process.exit(2);
  }
  runToExit(name, options.timeoutMs, (scope) => session(scope, options));
}
