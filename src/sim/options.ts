// The simulator's options, their defaults, and the fault specs shared by the flags, the library API and
// the /_sim/faults control route.

export type FaultKind =
  | 'status'
  | 'drop-before'
  | 'drop-after'
  | 'slow'
  | 'truncate'
  | 'heartbeat-forever'
  | 'sse-cut'
  | 'sse-error'
  | 'sse-vllm-error'
  | 'item-error'
  | 'never-finish'
  | 'train-fail'
  | 'train-status-torn'
  | 'sbatch-fails'
  | 'slurm-down';

export const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'drop-before',
  'drop-after',
  'slow',
  'truncate',
  'heartbeat-forever',
  'sse-cut',
  'sse-error',
  'sse-vllm-error',
  'item-error',
  'never-finish',
  // The next training job submitted fails at step ARG (default 0), as `fake_fail_at_step` in its params would.
  'train-fail',
  // GET /v1/megatron/train/{hash} meets status.json mid-rewrite: the server's transient 500 (training.md §3.2).
  'train-status-torn',
  // sbatch fails for the next new job: POST /train answers a plain-text 500, the job directory stays, FAILED with
  // sbatch's output (training.md §11.7). ARG: the reason after "Batch job submission failed: ".
  'sbatch-fails',
  // Slurm does not answer: POST /train (and finalize) wait for squeue, then answer a plain-text 500 and create
  // nothing (training.md §11.6). ARG: seconds of that wait, 30.7 by default as observed (slurm_wait_time is 30 s).
  'slurm-down',
];

/** A fault switched on by flag: on `route` (any route when absent), `times` times (forever when absent). */
export interface FaultSpec {
  kind: FaultKind;
  route?: string;
  times?: number;
  arg?: string;
}

export interface SimOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  profile: 'current' | 'legacy';
  /** Legacy profile only: Nov 2025 `<sha>_<i>` ids, or the integer ids of earlier servers (protocol §1.3). */
  legacyIds: 'unpadded' | 'integer';
  /** The base model, answered for an omitted or null `model`. */
  model: string;
  /** How long /v1/generate, get_results (per group) and download block (protocol §10.1: 60 s). */
  responseTimeoutMs: number;
  /** One space per interval while a non-streaming chat waits (protocol §6.2: 4 s). */
  heartbeatIntervalMs: number;
  /** Generation speed of one slot. */
  tokensPerSecond: number;
  /** Prompts generated at the same time; the rest wait in the queue. */
  slots: number;
  /** Every prompt completes the moment it is queued (benchmarks). */
  zeroLatency: boolean;
  /** Chat 429 high-water mark (protocol §6.3: max_num_seqs 256 x chat_admit_factor 4). */
  admissionLimit: number;
  /** A keep-alive socket with no request for this long is closed, as uvicorn's timeout_keep_alive does (§11: 5 s). */
  idleSocketTimeoutMs: number;
  seed: number;
  /** Simulated time of one training step (a job's `fake_step_s` param overrides it); a job starts after 8 steps' time. */
  trainingStepMs: number;
  /**
   * The worker's idle get_work long-poll (inference_work_queue_timeout, 30 s): an adaptor registered meanwhile is
   * delivered, by count, when it returns, or at once when a request brings work (training.md §5).
   */
  adaptorLoadDelayMs: number;
  /**
   * The server's megatron_refresh_period (30 s): the periodic task that registers checkpointed adaptors
   * (`deployed`) and resubmits a TRAINING job no longer in squeue, as after a cancel (training.md §4, §5).
   */
  megatronRefreshPeriodMs: number;
  /**
   * The share of GET /v1/megatron/train/{hash} reads that meet status.json mid-rewrite (training.md §3.2, §11.8: 1
   * in 432 to 3 in 180 observed). Decided by a hash of the seed, the job and the read's number, so a run reads
   * the same; 0 turns them off.
   */
  trainStatusTornRate: number;
  /** The server's max_upload_file_size: a POST /train body above twice this is refused with 413. */
  maxUploadFileSize: number;
  /** The server's upload_chunk_size_limit for /upload/chunk. */
  uploadChunkSizeLimit: number;
  /** GPUs the simulated Slurm node advertises (0: a job asking for GPUs is refused). */
  trainingGpus: number;
  /**
   * Three trained adaptors and their jobs, and a failed job, from before the simulator started. Off by default: a
   * real deployment starts with no jobs (training.md §11.9).
   */
  exampleJobs: boolean;
  /** Keep request files, results and the queue in this directory, so a restart loses nothing. */
  stateDir?: string;
  faults: FaultSpec[];
  /** One line per request. */
  log?: (line: string) => void;
}

export const DEFAULT_OPTIONS: Readonly<SimOptions> = {
  host: '127.0.0.1',
  port: 8000,
  profile: 'current',
  legacyIds: 'unpadded',
  model: 'tiny-random/gemma-4-dense',
  responseTimeoutMs: 60_000,
  heartbeatIntervalMs: 4_000,
  tokensPerSecond: 50,
  slots: 8,
  zeroLatency: false,
  admissionLimit: 1024,
  idleSocketTimeoutMs: 5_000,
  seed: 0,
  trainingStepMs: 50,
  adaptorLoadDelayMs: 30_000,
  megatronRefreshPeriodMs: 30_000,
  trainStatusTornRate: 0.005,
  maxUploadFileSize: 1024 * 1024 * 1024,
  uploadChunkSizeLimit: 64 * 1024 * 1024,
  trainingGpus: 1,
  exampleJobs: false,
  faults: [],
};

/** Defaults filled in and every value checked, so a bad option fails at start-up rather than mid-run. */
export function resolveOptions(partial: Partial<SimOptions> = {}): SimOptions {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
  const options: SimOptions = { ...DEFAULT_OPTIONS, ...defined, faults: [...(partial.faults ?? [])] };
  const positive: (keyof SimOptions)[] = [
    'responseTimeoutMs',
    'heartbeatIntervalMs',
    'tokensPerSecond',
    'slots',
    'admissionLimit',
    'idleSocketTimeoutMs',
    'maxUploadFileSize',
    'uploadChunkSizeLimit',
    // Periods of timers that repeat: 0 would spin.
    'adaptorLoadDelayMs',
    'megatronRefreshPeriodMs',
  ];
  for (const key of ['trainingStepMs', 'trainingGpus'] as const) {
    if (typeof options[key] !== 'number' || !(options[key] >= 0)) throw new RangeError(`${key} must be a number of at least 0, got ${String(options[key])}`);
  }
  for (const key of positive) {
    const value = options[key];
    if (typeof value !== 'number' || !(value > 0)) throw new RangeError(`${key} must be a positive number, got ${String(value)}`);
  }
  if (typeof options.exampleJobs !== 'boolean') throw new RangeError(`exampleJobs must be true or false, got ${String(options.exampleJobs)}`);
  if (typeof options.trainStatusTornRate !== 'number' || !(options.trainStatusTornRate >= 0 && options.trainStatusTornRate <= 1)) {
    throw new RangeError(`trainStatusTornRate must be a number from 0 to 1, got ${String(options.trainStatusTornRate)}`);
  }
  if (!Number.isInteger(options.slots)) throw new RangeError(`slots must be an integer, got ${options.slots}`);
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) throw new RangeError(`port must be 0-65535, got ${options.port}`);
  if (options.profile !== 'current' && options.profile !== 'legacy') throw new RangeError(`profile must be current or legacy, got ${String(options.profile)}`);
  if (options.legacyIds !== 'unpadded' && options.legacyIds !== 'integer') throw new RangeError(`legacyIds must be unpadded or integer, got ${String(options.legacyIds)}`);
  for (const fault of options.faults) validateFaultSpec(fault);
  return options;
}

export function validateFaultSpec(fault: unknown): asserts fault is FaultSpec {
  const spec = fault as Partial<FaultSpec> | null;
  if (!spec || typeof spec !== 'object') throw new TypeError('a fault must be an object');
  if (!FAULT_KINDS.includes(spec.kind as FaultKind)) throw new TypeError(`unknown fault kind ${String(spec.kind)}; one of ${FAULT_KINDS.join(', ')}`);
  if (spec.route !== undefined && (typeof spec.route !== 'string' || !spec.route.startsWith('/'))) throw new TypeError(`fault route must be a path starting with /, got ${String(spec.route)}`);
  if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1)) throw new TypeError(`fault times must be a positive integer, got ${String(spec.times)}`);
  if (spec.arg !== undefined && typeof spec.arg !== 'string') throw new TypeError('fault arg must be a string');
}

/** `kind=status,route=/v1/generate,arg=503,times=2`: the --fault flag's syntax. */
export function parseFaultFlag(text: string): FaultSpec {
  const fields: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new TypeError(`--fault expects key=value pairs separated by commas, got "${pair}"`);
    const key = pair.slice(0, equals).trim();
    if (!['kind', 'route', 'arg', 'times'].includes(key)) throw new TypeError(`--fault: unknown key "${key}" (kind, route, arg, times)`);
    fields[key] = pair.slice(equals + 1);
  }
  const spec: FaultSpec = { kind: fields.kind as FaultKind };
  if (fields.route !== undefined) spec.route = fields.route;
  if (fields.arg !== undefined) spec.arg = fields.arg;
  if (fields.times !== undefined) spec.times = Number(fields.times);
  validateFaultSpec(spec);
  return spec;
}

/** What the simulator has seen, for tests that assert how a client behaved. */
export interface SimStats {
  /** `"POST /v1/generate"` -> number of HTTP requests. */
  requests: Record<string, number>;
  /** Group id -> number of POST /v1/generate that submitted it (an identical batch sent again counts again). */
  generateSubmissions: Record<string, number>;
  /** Prompts put on the work queue as new work (generate, chat, upload); a cached resubmission adds none. */
  enqueuedPrompts: number;
  /** Keep-alive sockets the simulator closed after idleSocketTimeoutMs without a request (not those a client closed). */
  idleSocketTimeouts: number;
  /** Training jobs created; the same archive and params submitted again create none. */
  trainingJobs: number;
}
