// An adaptor's lineage: what it was trained from, recorded when `scalarlm-lab train` or the editor's Train Adaptor…
// submits: the data (its hash, and the export's record of the run, column and split when this runs folder has
// one), the training arguments as sent, and the deployment with its version where it reports one. Kept in the
// runs folder under the job hash (`adaptors/<hash>.json`); `scalarlm-lab job HASH` and the job panel show it.

import { join } from 'node:path';
import { dataOrigin, trainingDataHash, type DataOrigin } from './data-origin';
import { LineageError, readRecord, writeRecord } from './lineage-files';
import type { PreparedTraining } from './prepare';
import type { TrainingClient } from './training-client';
import type { SubmittedJob } from './training-upload';

export const LINEAGE_FORMAT = 'scalarlm-lab-adaptor-lineage';
const VERSION = 1;
/** Held-out rows named in the facts; the rest are counted. */
const NAMED_ROWS = 5;

export interface AdaptorLineage {
  format: typeof LINEAGE_FORMAT;
  version: typeof VERSION;
  job: string;
  data: {
    /** SHA-256 of the data as canonical JSON lines (data-origin.ts). */
    hash: string;
    examples: number;
    /** The file as the user named it when training. */
    file: string;
    /** The deployment's hash of the archive sent (job_config.dataset_hash), when it said. */
    archiveHash?: string;
  };
  /** What the data was exported from; null when this runs folder holds no record of it (written by hand, or elsewhere). */
  origin: DataOrigin | null;
  /** The training arguments as sent. */
  arguments: Record<string, unknown>;
  /** `version`: the deployment's own (its UI config's), null when it reports none. */
  deployment: { url: string; version: string | null };
  recordedAt: string;
}

export type LineageFields = Omit<AdaptorLineage, 'format' | 'version' | 'recordedAt'>;

export function recordLineage(runsDir: string, fields: LineageFields, now = new Date()): AdaptorLineage {
  const lineage: AdaptorLineage = { format: LINEAGE_FORMAT, version: VERSION, ...fields, recordedAt: now.toISOString() };
  writeRecord(lineagePath(runsDir, fields.job), lineage);
  return lineage;
}

/**
 * After a submission: the lineage of its job recorded, with the export's record of the data when the runs folder
 * has one (found by the data's hash). `problem`: why that record could not be read (the lineage then says "not
 * recorded"), for the user to be told.
 */
export async function recordSubmission(training: TrainingClient, runsDir: string, job: SubmittedJob, prepared: PreparedTraining, file: string, signal?: AbortSignal): Promise<{ lineage: AdaptorLineage; problem?: string }> {
  const hash = trainingDataHash(prepared.examples);
  let origin: DataOrigin | null = null;
  let problem: string | undefined;
  try {
    const record = dataOrigin(runsDir, hash);
    if (record) {
      const { format: _format, version: _version, dataHash: _hash, examples: _examples, recordedAt: _at, ...fields } = record;
      origin = fields;
    }
  } catch (error) {
    if (!(error instanceof LineageError)) throw error;
    problem = error.message;
  }
  const archiveHash = typeof job.config.dataset_hash === 'string' ? job.config.dataset_hash : undefined;
  const version = await training.deploymentVersion(signal ? { signal } : {});
  const lineage = recordLineage(runsDir, {
    job: job.hash,
    data: { hash, examples: prepared.examples.length, file, ...(archiveHash ? { archiveHash } : {}) },
    origin,
    arguments: prepared.params,
    deployment: { url: training.api.baseUrl, version: version ?? null },
  });
  return { lineage, ...(problem ? { problem } : {}) };
}

/** The lineage recorded here for this job hash; undefined when none was. A damaged record is a LineageError. */
export function adaptorLineage(runsDir: string, job: string): AdaptorLineage | undefined {
  if (!/^[0-9a-f]{64}$/.test(job)) return undefined;
  return readRecord(lineagePath(runsDir, job), LINEAGE_FORMAT, VERSION) as AdaptorLineage | undefined;
}

/** The lineage as label and text pairs, the same in `scalarlm-lab job HASH` and the job panel. */
export function lineageFacts(lineage: AdaptorLineage): [string, string][] {
  const { origin, data } = lineage;
  const facts: [string, string][] = [];
  if (origin) {
    facts.push(['Run', `${origin.run.title} (${origin.run.id})`]);
    if (origin.experiment) facts.push(['Experiment', origin.experiment]);
    if (origin.column) facts.push(['Column', `${origin.column.number} (${origin.column.label})`]);
    facts.push(['Answers', ANSWERS[origin.from] + (origin.expectedVar ? ` (the var ${origin.expectedVar})` : '')]);
    facts.push(['Held out', heldOutText(origin)]);
  } else {
    facts.push(['Run', 'not recorded: the data was not exported from a run in this runs folder']);
  }
  facts.push(['Data', `${data.file}: ${data.examples} example${data.examples === 1 ? '' : 's'}, sha256 ${data.hash}`]);
  facts.push(['Arguments', Object.keys(lineage.arguments).length ? JSON.stringify(lineage.arguments) : "none (the deployment's defaults)"]);
  facts.push(['Deployment', `${lineage.deployment.url}, version ${lineage.deployment.version ?? 'not reported'}`]);
  facts.push(['Recorded', lineage.recordedAt]);
  return facts;
}

const ANSWERS: Record<DataOrigin['from'], string> = { expected: "the rows' expected answers", passing: 'the answers that passed every assertion', reviewed: 'the reviewed answers (corrections, and answers marked good)', answers: "a results run's answers" };

function heldOutText(origin: DataOrigin): string {
  const split = origin.split;
  if (!split) return 'none: every row could be trained on';
  const rows = split.heldOut.length + split.trained.length;
  const named = split.heldOut.slice(0, NAMED_ROWS).map((key) => `"${origin.rowLabels?.[key] ?? key}"`);
  const more = split.heldOut.length - named.length;
  return `${split.heldOut.length} of ${rows} rows (fraction ${split.fraction}, seed ${split.seed})${named.length ? `: ${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}` : ''}`;
}

function lineagePath(runsDir: string, job: string): string {
  return join(runsDir, 'adaptors', `${job}.json`);
}
