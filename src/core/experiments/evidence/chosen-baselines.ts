// Which run is the baseline of each experiment, as Set as Baseline chose it: `baselines.json` in the runs folder,
// mapping an experiment's source file to a run id, so every front end that reads that folder (the editor, the
// CLI) finds the same baseline. A source inside the folder that holds the runs folder (`<folder>/.scalarlm/runs`)
// is named relative to that folder, with `/` separators, so the mapping reads the same from any clone of it and
// on any system; a source outside it (or a runs folder elsewhere) by its absolute path.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const CHOSEN_BASELINES_FILE = 'baselines.json';
const VERSION = 1;

/** The file cannot be read as one: the message names it and says what to do. */
export class ChosenBaselinesError extends Error {}

/** How the experiment whose source is `sourcePath` is named in the runs folder `runsDir`'s baselines. */
export function experimentKey(runsDir: string, sourcePath: string): string {
  const source = resolve(sourcePath);
  const runs = resolve(runsDir);
  if (basename(runs) === 'runs' && basename(dirname(runs)) === '.scalarlm') {
    const inFolder = relative(dirname(dirname(runs)), source);
    if (inFolder !== '' && !inFolder.startsWith('..') && !isAbsolute(inFolder)) return inFolder.split(sep).join('/');
  }
  return source;
}

/** Every experiment's baseline run, by experiment key; empty when none was chosen. */
export function readChosenBaselines(runsDir: string): Record<string, string> {
  const path = join(runsDir, CHOSEN_BASELINES_FILE);
  if (!existsSync(path)) return {};
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ChosenBaselinesError(`${path} is not the runs folder's baselines: ${(error as Error).message}. Delete it to choose the baselines again.`);
  }
  const { version, baselines } = (value ?? {}) as { version?: unknown; baselines?: unknown };
  if (version !== VERSION || typeof baselines !== 'object' || baselines === null || Array.isArray(baselines) || Object.values(baselines).some((runId) => typeof runId !== 'string')) {
    throw new ChosenBaselinesError(`${path} is not the runs folder's baselines (version ${VERSION}, "baselines": experiment → run id). Delete it to choose the baselines again.`);
  }
  return { ...(baselines as Record<string, string>) };
}

/** The baseline run of the experiment from `sourcePath`; undefined when none was chosen. */
export function chosenBaseline(runsDir: string, sourcePath: string): string | undefined {
  return readChosenBaselines(runsDir)[experimentKey(runsDir, sourcePath)];
}

/** Makes `runId` the baseline of the experiment from `sourcePath`; undefined: it has none any more. */
export function chooseBaseline(runsDir: string, sourcePath: string, runId: string | undefined): void {
  const baselines = readChosenBaselines(runsDir);
  const key = experimentKey(runsDir, sourcePath);
  if (runId === undefined) delete baselines[key];
  else baselines[key] = runId;
  const sorted = Object.fromEntries(Object.entries(baselines).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // Written beside, then moved over: a reader (another window, the CLI) sees the old file or the new, never half.
  mkdirSync(runsDir, { recursive: true });
  const path = join(runsDir, CHOSEN_BASELINES_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ version: VERSION, baselines: sorted }, null, 2)}\n`);
  renameSync(temporary, path);
}
