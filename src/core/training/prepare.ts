// Everything checked before anything is sent: the examples (file:line), the training arguments (known names with
// the right types; others sent with a warning) and the archive's size against the upload limit. The same file and
// arguments always give the same archive bytes and the same params JSON, so the server names the same job
// (training.md §2.1).

import { trainingArchive } from './archive';
import { canonicalParams, unknownArgumentWarnings } from './train-arguments';
import { datasetJsonLines, parseTrainingData, TrainingDataError, type TrainingExample } from './training-data';

export interface PreparedTraining {
  examples: TrainingExample[];
  archive: Buffer;
  params: Record<string, unknown>;
  /** To say before sending: arguments this client does not know, sent as given. */
  warnings: string[];
}

/** Default limit on the archive: uploads above it are refused here rather than half-sent. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 4 * 1024 * 1024 * 1024;

export function prepareTraining(text: string, file: string, args: Readonly<Record<string, unknown>>, maxArchiveBytes = DEFAULT_MAX_ARCHIVE_BYTES): PreparedTraining {
  const examples = parseTrainingData(text, file);
  const params = canonicalParams(args);
  const archive = trainingArchive(datasetJsonLines(examples));
  if (archive.length > maxArchiveBytes) {
    // The whole file is too large: named at its last line (a final newline ends that line, it starts none).
    const lines = text.replace(/\r?\n$/, '').split(/\r?\n/).length;
    const limit = Math.floor(maxArchiveBytes);
    throw new TrainingDataError(file, lines, `the training archive is ${archive.length} bytes (gzipped), over the upload limit of ${limit} bytes; split the data or raise the limit`);
  }
  return { examples, archive, params, warnings: unknownArgumentWarnings(params) };
}
