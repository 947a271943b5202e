// dist/sim.js: the simulator on its own, without the rest of scalarlm-lab.

import { runSimCommand } from './cli';

void runSimCommand(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
