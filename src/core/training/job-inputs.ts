// The inputs a training job was trained on, as the deployment serves its dataset (training.md §3.5: pages of at
// most 200 lines), kept as hashes: enough to say whether a prompt was among them, whoever trained the job. A job's
// dataset never changes for its hash, so a complete read is cached in the runs folder (`training-inputs/<hash>.json`)
// and never asked for again. Where the deployment cannot say (it does not know the job, cannot be reached, clipped
// a long input, stopped scanning a huge dataset), the answer is "unknown", never "not in it".

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { isScalarLMError } from '../api/errors';
import { LineageError, readRecord, writeRecord } from './lineage-files';
import type { TrainingClient } from './training-client';

const FORMAT = 'scalarlm-lab-job-inputs';
const VERSION = 1;
/** The dataset route's largest page. */
const PAGE = 200;
/** Hex characters of SHA-256 kept per input: 128 bits, no collision in any dataset, half the memory. */
const HASH_CHARS = 32;

export type InTraining = true | false | 'unknown';

export type JobInputs = { state: 'known'; has(input: string): InTraining } | { state: 'unknown'; reason: string };

interface Cached {
  job: string;
  total: number;
  inputs: string[];
  /** Inputs the server clipped to 4 KiB: the clipped text's length (characters) and hash. */
  clipped: [number, string][];
}

export async function jobInputs(training: TrainingClient, cacheDir: string, job: string, signal?: AbortSignal): Promise<JobInputs> {
  const path = join(cacheDir, 'training-inputs', `${job}.json`);
  let cached: Cached | undefined;
  try {
    cached = readRecord(path, FORMAT, VERSION) as Cached | undefined;
  } catch (error) {
    // A damaged cache is read again from the deployment, and rewritten.
    if (!(error instanceof LineageError)) throw error;
  }
  if (cached) return known(cached, true);
  const read: Cached = { job, total: 0, inputs: [], clipped: [] };
  let complete = true;
  try {
    for (let offset = 0; ; ) {
      const page = await training.dataset(job, { offset, limit: PAGE }, signal ? { signal } : {});
      read.total = page.total;
      for (const row of page.examples) {
        if (row.input === undefined) continue;
        if (row.truncatedFields?.includes('input')) {
          // Bytes cut inside a character come back as U+FFFD: the prefix before it is what can be compared.
          const clipped = row.input.replace(/\uFFFD+$/, '');
          read.clipped.push([clipped.length, inputHash(clipped)]);
        } else read.inputs.push(inputHash(row.input));
      }
      offset += page.examples.length;
      if (page.truncated) complete = false;
      if (page.examples.length === 0 || offset >= page.matched) break;
    }
  } catch (error) {
    if (!isScalarLMError(error) || signal?.aborted) throw error;
    return { state: 'unknown', reason: error.message };
  }
  if (complete) writeRecord(path, { format: FORMAT, version: VERSION, ...read });
  return known(read, complete);
}

export function inputHash(input: string): string {
  return createHash('sha256').update(input).digest('hex').slice(0, HASH_CHARS);
}

function known(read: Cached, complete: boolean): JobInputs {
  const inputs = new Set(read.inputs);
  const clipped = new Set(read.clipped.map(([length, hash]) => `${length}:${hash}`));
  const lengths = [...new Set(read.clipped.map(([length]) => length))];
  return {
    state: 'known',
    has(input) {
      if (inputs.has(inputHash(input))) return true;
      // A long input the server clipped can only be matched on its start: that is not enough to say either way.
      if (lengths.some((length) => input.length >= length && clipped.has(`${length}:${inputHash(input.slice(0, length))}`))) return 'unknown';
      return complete ? false : 'unknown';
    },
  };
}
