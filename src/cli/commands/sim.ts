// scalarlm-lab sim: the local ScalarLM simulator (src/sim), with its own flags and help.

import { runSimCommand } from '../../sim/cli';
import type { RawCommand } from '../command';

export const simCommand: RawCommand = {
  name: 'sim',
  summary: 'Run a local ScalarLM simulator, a stand-in deployment on port 8000 (its options: scalarlm-lab sim --help).',
  runRaw: (argv, io) => runSimCommand(argv, io),
};
