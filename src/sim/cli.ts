// `scalarlm-lab sim` and dist/sim.js: parse the flags, start the simulator, run until SIGINT/SIGTERM.

import { parseArgs } from 'node:util';
import { startSimulator } from './index';
import { DEFAULT_EMBEDDING_DIMENSION, MAX_EMBEDDING_DIMENSION } from './model/embedding';
import { DEFAULT_OPTIONS, FAULT_KINDS, parseFaultFlag, resolveOptions, type SimOptions } from './options';

/** Where the command writes, and (optionally) a signal that stops it like SIGINT does. Matches the CLI's CliIO. */
export interface SimIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  signal?: AbortSignal;
}

const USAGE = `Usage: scalarlm-lab sim [options]

A local ScalarLM deployment: /v1/generate with its queue, get_results, metrics, the request browser,
chat and completions (SSE), models and health, training jobs (/v1/megatron) that become adaptors, with a
deterministic model and fault injection.

Options:
  --port N                 port to listen on (default ${DEFAULT_OPTIONS.port}; 0 = any free port)
  --host ADDR              address to bind (default ${DEFAULT_OPTIONS.host})
  --profile P              current | legacy (the older server: other ids, cumulative metrics, fewer routes)
  --legacy-ids S           legacy profile ids: unpadded | integer (default ${DEFAULT_OPTIONS.legacyIds})
  --model NAME             base model (default ${DEFAULT_OPTIONS.model})
  --response-timeout S     seconds generate, get_results and download block (default ${DEFAULT_OPTIONS.responseTimeoutMs / 1000})
  --heartbeat-interval S   seconds between chat heartbeat spaces (default ${DEFAULT_OPTIONS.heartbeatIntervalMs / 1000})
  --tokens-per-second N    generation speed of one slot (default ${DEFAULT_OPTIONS.tokensPerSecond})
  --slots N                prompts generated at once (default ${DEFAULT_OPTIONS.slots})
  --zero-latency           every prompt completes at once (benchmarks)
  --admission-limit N      chat 429 high-water mark (default ${DEFAULT_OPTIONS.admissionLimit})
  --idle-socket-timeout S  seconds before an idle keep-alive socket is closed (default ${DEFAULT_OPTIONS.idleSocketTimeoutMs / 1000})
  --seed N                 model seed (default ${DEFAULT_OPTIONS.seed})
  --training-step-time S   simulated seconds per training step (default ${DEFAULT_OPTIONS.trainingStepMs / 1000}; a job's fake_step_s param wins)
  --adaptor-load-delay S   the worker's idle get_work: every S seconds it loads newly registered adaptors, by count (default ${DEFAULT_OPTIONS.adaptorLoadDelayMs / 1000})
  --megatron-refresh-period S  the server's periodic task: registers checkpointed adaptors, resubmits a TRAINING
                           job Slurm no longer runs (default ${DEFAULT_OPTIONS.megatronRefreshPeriodMs / 1000})
  --status-torn-rate R     share of job status reads answered the 500 of status.json mid-rewrite (default ${DEFAULT_OPTIONS.trainStatusTornRate}; 0: none)
  --max-upload-size BYTES  the server's max_upload_file_size for POST /v1/megatron/train (default ${DEFAULT_OPTIONS.maxUploadFileSize})
  --upload-chunk-limit B   the server's upload_chunk_size_limit (default ${DEFAULT_OPTIONS.uploadChunkSizeLimit})
  --training-gpus N        GPUs the simulated Slurm node has (default ${DEFAULT_OPTIONS.trainingGpus}; 0 refuses jobs asking for one)
  --example-jobs           three trained adaptors and their jobs, and a failed job (a fresh simulator has none, as a real deployment)
  --state-dir DIR          keep requests, results, the queue and training jobs on disk across restarts
  --fault SPEC             kind=K[,route=/path][,arg=A][,times=N]; repeatable
                           kinds: ${FAULT_KINDS.join(', ')}
  --quiet                  no request log on stderr
  --help                   this text

Markers inside a prompt or chat message: [[sim:KIND]] or [[sim:KIND=ARG]] (faults above, plus
[[sim:reasoning]], [[sim:tool-call]] (a conversation ending in the tool's result is answered in words), and
[[sim:respond=TEXT]] / [[sim:respond-b64=BASE64]] for an exact answer, the last one winning). A grading prompt
(<Output> against <Rubric> or <Reference>) is answered with a JSON verdict: pass when the output has every word of
four letters or more of the rubric.
Training params: fake_fail_at_step N makes the job fail at step N, fake_step_s its step time (as the fakes the
protocol was observed with); the train-fail fault does the former for the next job submitted, sbatch-fails
makes its sbatch fail (arg: the reason), slurm-down makes POST /train wait arg seconds (default 30.7) for a
Slurm that never answers, then answer a plain-text 500.
[[sim:embedding=N]] in a /v1/generate prompt answers it with a vector of N numbers (default ${DEFAULT_EMBEDDING_DIMENSION}, at most
${MAX_EMBEDDING_DIMENSION}) instead of text, as the embed route of 2025 servers did.
`;

const defaultIo: SimIo = { stdout: process.stdout, stderr: process.stderr };

/** Runs until SIGINT, SIGTERM or `io.signal`; resolves with the exit code (2 for bad flags). */
export async function runSimCommand(argv: string[], io: SimIo = defaultIo): Promise<number> {
  let options: SimOptions;
  try {
    const parsed = parseFlags(argv, io);
    if (parsed === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    options = parsed;
  } catch (error) {
    io.stderr.write(`scalarlm-lab sim: ${error instanceof Error ? error.message : String(error)}\nRun with --help for the options.\n`);
    return 2;
  }

  let handle;
  try {
    handle = await startSimulator(options);
  } catch (error) {
    io.stderr.write(`scalarlm-lab sim: cannot start on ${options.host}:${options.port}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout.write(`ScalarLM simulator listening on ${handle.url}\n`);
  const reason = await untilStopped(io.signal);
  await handle.close();
  io.stderr.write(`ScalarLM simulator stopped (${reason})\n`);
  return 0;
}

function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string): void => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    };
    const onSigint = (): void => stop('SIGINT');
    const onSigterm = (): void => stop('SIGTERM');
    const onAbort = (): void => stop('stopped');
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseFlags(argv: string[], io: SimIo): SimOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      profile: { type: 'string' },
      'legacy-ids': { type: 'string' },
      model: { type: 'string' },
      'response-timeout': { type: 'string' },
      'heartbeat-interval': { type: 'string' },
      'tokens-per-second': { type: 'string' },
      slots: { type: 'string' },
      'zero-latency': { type: 'boolean' },
      'admission-limit': { type: 'string' },
      'idle-socket-timeout': { type: 'string' },
      seed: { type: 'string' },
      'training-step-time': { type: 'string' },
      'adaptor-load-delay': { type: 'string' },
      'megatron-refresh-period': { type: 'string' },
      'status-torn-rate': { type: 'string' },
      'max-upload-size': { type: 'string' },
      'upload-chunk-limit': { type: 'string' },
      'training-gpus': { type: 'string' },
      'example-jobs': { type: 'boolean' },
      'state-dir': { type: 'string' },
      fault: { type: 'string', multiple: true },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  const number = (flag: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) throw new TypeError(`--${flag} expects a number, got "${text}"`);
    return value;
  };
  const seconds = (flag: string, text: string | undefined): number | undefined => {
    const value = number(flag, text);
    return value === undefined ? undefined : value * 1000;
  };
  return resolveOptions({
    port: number('port', values.port),
    host: values.host,
    profile: values.profile as SimOptions['profile'] | undefined,
    legacyIds: values['legacy-ids'] as SimOptions['legacyIds'] | undefined,
    model: values.model,
    responseTimeoutMs: seconds('response-timeout', values['response-timeout']),
    heartbeatIntervalMs: seconds('heartbeat-interval', values['heartbeat-interval']),
    tokensPerSecond: number('tokens-per-second', values['tokens-per-second']),
    slots: number('slots', values.slots),
    zeroLatency: values['zero-latency'],
    admissionLimit: number('admission-limit', values['admission-limit']),
    idleSocketTimeoutMs: seconds('idle-socket-timeout', values['idle-socket-timeout']),
    seed: number('seed', values.seed),
    trainingStepMs: seconds('training-step-time', values['training-step-time']),
    adaptorLoadDelayMs: seconds('adaptor-load-delay', values['adaptor-load-delay']),
    megatronRefreshPeriodMs: seconds('megatron-refresh-period', values['megatron-refresh-period']),
    trainStatusTornRate: number('status-torn-rate', values['status-torn-rate']),
    maxUploadFileSize: number('max-upload-size', values['max-upload-size']),
    uploadChunkSizeLimit: number('upload-chunk-limit', values['upload-chunk-limit']),
    trainingGpus: number('training-gpus', values['training-gpus']),
    exampleJobs: values['example-jobs'],
    stateDir: values['state-dir'],
    faults: (values.fault ?? []).map(parseFaultFlag),
    log: values.quiet ? undefined : (line) => io.stderr.write(`${line}\n`),
  });
}
