// Where the CLI keeps its runs: the same folder as the editor when the current directory has
// .scalarlm/runs (so a terminal run shows in the Runs view, and an editor run resumes here), else the
// user's state directory.

import { homedir } from 'node:os';
import { join } from 'node:path';
import { RunStore, runsDirFor } from '../core/runs/run-store';
import type { CliIO } from './io';

export function cliRunStore(io: CliIO): RunStore {
  const stateHome = io.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return new RunStore(runsDirFor(io.cwd ?? process.cwd(), { preferFolder: false, fallback: join(stateHome, 'scalarlm-lab', 'runs') }));
}
