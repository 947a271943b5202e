// The scalarlm-lab process: main() on this process's arguments and streams, with Ctrl-C and closed pipes
// handled as a terminal tool should. Apart from main.ts, which tests call in-process.

import { EXIT, type CliIO } from './io';
import { main } from './main';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  // The first Ctrl-C stops the command cleanly (a batch writes its report); the second one exits now.
  if (++interrupts > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});
// A reader that has read enough (`generate … | head`) closes the pipe: end quietly, as Unix tools do on
// SIGPIPE, rather than with an EPIPE stack trace. A run's ledger is append-only, so it resumes as after a kill.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(EXIT.ok);
});
const io: CliIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd(), signal: controller.signal };
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exitCode = EXIT.fatal;
  },
);
