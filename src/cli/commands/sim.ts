// scalarlm-lab sim: the local ScalarLM simulator (src/sim), with its own flags and help.

import { runSimCommand } from '../../sim/cli';
import type { RawCommand } from '../command';

export const simCommand: RawCommand = {
  name: 'sim',
  summary: 'Run a local ScalarLM simulator: scalarlm-lab sim [--port 8000] [--host 127.0.0.1] (see sim --help)',
  runRaw: (argv, io) => runSimCommand(argv, io),
};
