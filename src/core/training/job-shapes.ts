// The training routes' JSON, read into the shapes the rest of the client uses (training.md §2.1, §3.2):
// TrainResponse's job_status (status.json) and job_config (config.yaml), tolerant of fields a server leaves out.

export interface HistoryPoint {
  /** 0-based. */
  step: number;
  loss: number;
  epoch?: number;
  /** Seconds of training so far. */
  time?: number;
}

export interface JobStatus {
  /** QUEUED, TRAINING, COMPLETED, FAILED, CANCELLED (written by cancel), or whatever else a server writes. */
  status: string;
  startTime?: number;
  /** The Slurm job id (a string on the wire). */
  jobId?: string;
  maxSteps?: number;
  history: HistoryPoint[];
  /** The trainer's exception text of a FAILED job. */
  error?: string;
  /** sbatch's output, when sbatch failed. */
  output?: string;
  trainSeconds?: number;
}

export interface TrainingJobDetail {
  /** The job hash: the model name to ask for once the adaptor is served. */
  hash: string;
  status: JobStatus;
  /** The job's config as the server keeps it (train_args plus what the server added). */
  config: Record<string, unknown>;
  /** In the API's model registry; not yet "answers" (see TrainingClient.isServed). */
  deployed: boolean;
}

/** A page of GET /train/{hash}/dataset. */
export interface DatasetPage {
  /** Lines in the dataset. */
  total: number;
  /** Lines that match the search (all of them without one). */
  matched: number;
  /** The server stopped scanning a very large dataset. */
  truncated: boolean;
  examples: DatasetRow[];
}

export interface DatasetRow {
  /** 0-based line number. */
  index: number;
  /** The line as parsed; `{"__parse_error__": line}` for a line that is not JSON. */
  raw: unknown;
  input?: string;
  output?: string;
  /** Fields the server clipped to 4 KiB. */
  truncatedFields?: string[];
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A TrainResponse, or undefined when the body is not one. */
export function jobDetailFrom(body: unknown, hash: string): TrainingJobDetail | undefined {
  if (!isRecord(body) || !isRecord(body.job_status) || typeof body.job_status.status !== 'string') return undefined;
  const config = isRecord(body.job_config) ? body.job_config : {};
  return { hash: fullHash(body.job_status, config) ?? hash, status: statusFrom(body.job_status), config, deployed: body.deployed === true };
}

/**
 * The job's own name: `model_name` where the route sends it (train, finalize), else the last part of its
 * job_directory. The server finds a job by any part of its hash (training.md §3.2), so the name asked for
 * may be only a prefix, and a prefix is no model name.
 */
function fullHash(status: Json, config: Json): string | undefined {
  if (typeof status.model_name === 'string') return status.model_name;
  const directory = typeof config.job_directory === 'string' ? config.job_directory : undefined;
  return directory?.split('/').filter(Boolean).pop();
}

export function datasetPageFrom(body: unknown): DatasetPage | undefined {
  if (!isRecord(body) || !isNumber(body.total) || !Array.isArray(body.examples)) return undefined;
  const examples = body.examples.filter(isRecord).map((row): DatasetRow => {
    const out: DatasetRow = { index: isNumber(row.index) ? row.index : -1, raw: row.raw };
    if (typeof row.input === 'string') out.input = row.input;
    if (typeof row.output === 'string') out.output = row.output;
    if (Array.isArray(row.truncated_fields)) out.truncatedFields = row.truncated_fields.map(String);
    return out;
  });
  return { total: body.total, matched: isNumber(body.matched) ? body.matched : body.total, truncated: body.truncated === true, examples };
}

function statusFrom(raw: Json): JobStatus {
  const status: JobStatus = { status: String(raw.status), history: historyFrom(raw.history) };
  if (isNumber(raw.start_time)) status.startTime = raw.start_time;
  if (raw.job_id !== undefined && raw.job_id !== null) status.jobId = String(raw.job_id);
  if (isNumber(raw.max_steps)) status.maxSteps = raw.max_steps;
  if (typeof raw.error === 'string') status.error = raw.error;
  if (typeof raw.output === 'string') status.output = raw.output;
  if (isNumber(raw.accumulated_train_seconds)) status.trainSeconds = raw.accumulated_train_seconds;
  return status;
}

function historyFrom(value: unknown): HistoryPoint[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is Json => isRecord(entry) && isNumber(entry.step) && isNumber(entry.loss)).map((entry) => {
    const point: HistoryPoint = { step: entry.step as number, loss: entry.loss as number };
    if (isNumber(entry.epoch)) point.epoch = entry.epoch;
    if (isNumber(entry.time)) point.time = entry.time;
    return point;
  });
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
