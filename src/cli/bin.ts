// The scalarlm-lab process: main() on this process's arguments and streams, with Ctrl-C and closed pipes
// handled as a terminal tool should. Apart from main.ts, which tests call in-process.

import { ClosablePipe } from './closed-pipe';
import { EXIT, type CliIO } from './io';
import { main } from './main';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  // The first Ctrl-C stops the command cleanly (a batch writes its report); the second one exits now.
  if (++interrupts > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});
// A reader that has read enough (`generate … | head`) closes the pipe: the command ends as it would have, quietly.
const stdout = new ClosablePipe(process.stdout, () => process.stderr.write('The output was closed by its reader: going on to the end without printing, to exit as the command would have.\n'));
const io: CliIO = { stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd(), signal: controller.signal };
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exitCode = EXIT.fatal;
  },
);
