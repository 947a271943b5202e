// scalarlm-lab train DATA.jsonl: check the data and the training arguments, send them as one reproducible
// archive (the chunked upload above --chunked-above), and with --follow watch the job to its end. The job's
// lineage (the data's origin when export-training made it, the arguments, the deployment) goes to the runs folder.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  cancelledWords,
  DEFAULT_SERVED_WITHIN_MS,
  failedWords,
  failureReason,
  followJob,
  notServedWords,
  otherBaseModel,
  parseSetting,
  prepareTraining,
  recordSubmission,
  submitWaitWords,
  TRAIN_ARGUMENTS,
  TrainArgumentsError,
  type AdaptorLineage,
  type FollowOutcome,
  type JobStatus,
  type SubmittedJob,
  type TrainingClient,
} from '../../core/training';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { json } from '../format';
import { EXIT, type CliIO } from '../io';
import { cliRunStore } from '../run-location';
import { jobActions, POLL_OPTION, StatusLine, withTraining } from '../training-session';

const MB = 1024 * 1024;

/** Flags that set one training argument each. */
const ARGUMENT_FLAGS: Record<string, { name: string; read: (args: ParsedArgs, flag: string) => unknown }> = {
  base: { name: 'llm_name', read: (args, flag) => stringOption(args, flag) },
  'max-steps': { name: 'max_steps', read: (args, flag) => numberOption(args, flag, { integer: true, min: 1 }) },
  'learning-rate': { name: 'learning_rate', read: (args, flag) => numberOption(args, flag, { positive: true }) },
  adapter: { name: 'adapter_type', read: (args, flag) => stringOption(args, flag) },
  gpus: { name: 'gpus', read: (args, flag) => numberOption(args, flag, { integer: true, min: 0 }) },
};

export const trainCommand: Command = {
  name: 'train',
  summary:
    'Train an adaptor on the deployment from {"input", "output"} JSON lines (POST /v1/megatron/train).\n' +
    'Everything is checked first (each line, the training arguments, the upload limit): nothing is sent\n' +
    'until all of it is right (exit 2, naming file:line). The archive is byte-for-byte reproducible, so the\n' +
    'same data and arguments always name the same job: sending them again answers with that job, never a\n' +
    'second one. Exit 1 when the job named is FAILED (sbatch\'s reason shown) or CANCELLED (restart offered).\n' +
    'With --follow: the step, loss and ETA on stderr until the end; exit 0 once the job completed and its\n' +
    'adaptor answers, 1 when it failed (with its last log lines) or is cancelled, 3 when following stopped\n' +
    'first (Ctrl-C, --timeout) or the adaptor did not answer within --wait-served (asked with one probe request,\n' +
    'never sent twice). --json prints one record at the end: job_hash, status, model (and error, served). The adaptor\'s lineage (the run, column and held-out rows when export-training wrote the data,\n' +
    'the arguments, the deployment\'s version) is recorded in the runs folder: scalarlm-lab job HASH shows it.\n' +
    'A --base the deployment does not serve is refused (its adaptor would not be served there) unless --other-base.\n' +
    wrapped(
      `Training arguments for --set: ${TRAIN_ARGUMENTS.map((a) => a.name).join(', ')}. Any other name is sent as given, with a warning, ` +
        'for a trainer that reads it (the value read as JSON when it is JSON); a near miss of a known name is refused as a typo.',
    ),
  usage: 'DATA.jsonl [--base MODEL [--other-base]] [--max-steps N] [--learning-rate X] [--adapter lora|tokenformer] [--gpus N] [--set KEY=VALUE...] [--follow] [options]',
  options: {
    base: { type: 'string', valueName: 'MODEL', description: "Base model to train (llm_name; default: the deployment's model)" },
    'other-base': { type: 'boolean', description: 'Train a --base the deployment does not serve (its adaptor is then not served there)' },
    'max-steps': { type: 'string', valueName: 'N', description: 'Training steps (max_steps; server default 100)' },
    'learning-rate': { type: 'string', valueName: 'X', description: 'Learning rate (learning_rate; server default 0.003)' },
    adapter: { type: 'string', valueName: 'KIND', description: 'lora or tokenformer (adapter_type; server default tokenformer)' },
    gpus: { type: 'string', valueName: 'N', description: 'GPUs for the job (server default 1; 0 for CPU)' },
    set: { type: 'string', multiple: true, valueName: 'KEY=VALUE', description: 'Any other training argument, e.g. --set batch_size=2 (repeatable)' },
    follow: { type: 'boolean', description: 'Watch the job until it completes and its adaptor answers' },
    poll: POLL_OPTION,
    'wait-served': { type: 'string', valueName: 'SECONDS', description: `With --follow: how long after COMPLETED the adaptor may take to answer (default ${DEFAULT_SERVED_WITHIN_MS / 1000})` },
    'chunked-above': { type: 'string', valueName: 'MB', description: 'Use the chunked upload for archives above this (default 90, as the SDK)' },
    'chunk-size': { type: 'string', valueName: 'MB', description: 'Chunk size of the chunked upload (default 50)' },
    'max-upload': { type: 'string', valueName: 'MB', description: 'Refuse archives above this before sending (default 4096)' },
  },
  async run(args, io) {
    const [file] = args.positionals;
    if (!file || args.positionals.length > 1) throw new UsageError('Give exactly one training file: {"input", "output"} JSON lines.');
    const trainArgs = trainingArguments(args);
    const maxUpload = (numberOption(args, 'max-upload', { min: 0.000001 }) ?? 4096) * MB;
    const limits = {
      singlePostMaxBytes: (numberOption(args, 'chunked-above', { min: 0 }) ?? 90) * MB,
      chunkBytes: Math.max(1, Math.floor((numberOption(args, 'chunk-size', { min: 0.000001 }) ?? 50) * MB)),
    };
    const prepared = prepareTraining(readTrainingFile(file, io), file, trainArgs, maxUpload);
    for (const warning of prepared.warnings) io.stderr.write(`${warning}\n`);
    const servedWithinSeconds = numberOption(args, 'wait-served', { min: 0 });

    return withTraining(args, io, async ({ training, signal, pollMs }) => {
      await checkBaseModel(training, prepared.params, args, io, signal);
      // The client reports the whole archive sent twice at the end (the last chunk, then the upload done): each chunk is said once.
      let shownChunk = 0;
      const submitted = await training.submit(prepared.archive, prepared.params, {
        signal,
        limits,
        onProgress: (p) => {
          if (p.route !== 'chunked') return;
          const chunks = Math.ceil(p.totalBytes / limits.chunkBytes);
          const chunk = Math.ceil(p.sentBytes / limits.chunkBytes);
          if (p.retryingChunk !== undefined) {
            io.stderr.write(`Chunk ${p.retryingChunk + 1} of ${chunks} failed; sending it again within the same upload.\n`);
          } else if (chunk > shownChunk) {
            io.stderr.write(`Uploaded chunk ${chunk} of ${chunks} (${p.sentBytes}/${p.totalBytes} bytes).\n`);
            shownChunk = chunk;
          }
        },
        onWait: (wait) => io.stderr.write(`${submitWaitWords(wait)}\n`),
      });
      io.stderr.write(submittedLine(submitted, prepared.examples.length, prepared.archive.length));
      const recorded = await recordSubmission(training, cliRunStore(io).dir, submitted, prepared, file, signal);
      if (recorded.problem) io.stderr.write(`${recorded.problem}\n`);
      io.stderr.write(lineageLine(recorded.lineage));
      if (!args.values.follow) {
        if (args.values.json) io.stdout.write(json(record(submitted.hash, submitted.status)));
        return settledAtSubmit(submitted, io);
      }
      const line = new StatusLine(io.stderr);
      const servedWithinMs = servedWithinSeconds === undefined ? undefined : servedWithinSeconds * 1000;
      const outcome = await followJob(training, submitted.hash, { pollMs, signal, servedWithinMs, onStatus: (detail) => line.show(detail) });
      line.end();
      return reportOutcome(outcome, submitted.hash, args, io);
    });
  },
};

/** Words on lines of at most 104 characters, like the rest of the help. */
function wrapped(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + word.length < 104) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** The flags and --set as one arguments object; the same argument given twice is refused. */
function trainingArguments(args: ParsedArgs): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  const put = (name: string, value: unknown, how: string): void => {
    if (name in given) throw new UsageError(`The training argument ${name} is given twice (${how} and another flag or --set).`);
    given[name] = value;
  };
  for (const [flag, { name, read }] of Object.entries(ARGUMENT_FLAGS)) {
    const value = read(args, flag);
    if (value !== undefined) put(name, value, `--${flag}`);
  }
  const settings = args.values.set;
  for (const setting of Array.isArray(settings) ? settings : []) {
    try {
      const [name, value] = parseSetting(setting);
      put(name, value, `--set ${name}`);
    } catch (error) {
      if (error instanceof TrainArgumentsError) throw new UsageError(error.message);
      throw error;
    }
  }
  return given;
}

/** A --base the deployment does not serve is refused, or with --other-base said; asked only when a base is named. */
async function checkBaseModel(training: TrainingClient, params: Record<string, unknown>, args: ParsedArgs, io: CliIO, signal: AbortSignal): Promise<void> {
  if (params.llm_name === undefined) return;
  const other = otherBaseModel(params, (await training.api.models({ signal })).data);
  if (!other) return;
  if (args.values['other-base']) {
    io.stderr.write(`Training ${other.asked}, which this deployment does not serve (${other.served}): its adaptor will not be served here.\n`);
    return;
  }
  const named = stringOption(args, 'base') !== undefined ? '--base' : 'llm_name';
  throw new UsageError(
    `${named} ${other.asked} is not the model this deployment serves (${other.served}): the server registers only adaptors of the model it serves, so this one would not be served here. ` +
      `Leave ${named} out to train ${other.served}, or pass --other-base to train ${other.asked} anyway.`,
  );
}

function readTrainingFile(file: string, io: CliIO): string {
  try {
    return readFileSync(resolve(io.cwd ?? process.cwd(), file), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
}

function submittedLine(job: SubmittedJob, examples: number, bytes: number): string {
  const how = job.route === 'chunked' ? 'chunked upload' : 'one request';
  const what = job.recovered
    ? 'the deployment answered HTTP 500, but had made the job (found by its hash, not sent again)'
    : job.existing
      ? 'the deployment already had this job (same data and arguments)'
      : 'a new job';
  return `Sent ${examples} example${examples === 1 ? '' : 's'} (${bytes} bytes, ${how}): ${what}, ${job.hash}, ${job.status.status}.\n`;
}

function lineageLine({ origin }: AdaptorLineage): string {
  if (!origin) return 'Lineage recorded; the data was not exported from a run of this runs folder, so its origin is not known here.\n';
  const held = origin.split ? `, ${origin.split.heldOut.length} of ${origin.split.heldOut.length + origin.split.trained.length} rows held out` : '';
  return `Lineage recorded: from run ${origin.run.id}${origin.column ? `, column ${origin.column.number}` : ''}${held}.\n`;
}

/** The --json record: the job, how it ended (why, when it FAILED), and the model name to ask for. */
function record(hash: string, status: JobStatus | undefined): Record<string, unknown> {
  const error = status?.status === 'FAILED' ? failureReason(status) : undefined;
  return { job_hash: hash, status: status?.status ?? 'UNKNOWN', model: hash, ...(error !== undefined ? { error } : {}) };
}

/** Without --follow: a job that is FAILED or CANCELLED as submitted will not train unless restarted. */
function settledAtSubmit(job: SubmittedJob, io: CliIO): number {
  if (job.status.status === 'FAILED') io.stderr.write(`${failedWords(job.hash, job.status, jobActions(job.hash))}\n`);
  else if (job.status.status === 'CANCELLED') io.stderr.write(`${cancelledWords(job.hash, job.status, jobActions(job.hash))}\n`);
  else return EXIT.ok;
  return EXIT.fatal;
}

function reportOutcome(outcome: FollowOutcome, hash: string, args: ParsedArgs, io: CliIO): number {
  const status = outcome.detail?.status.status ?? 'UNKNOWN';
  if (args.values.json) io.stdout.write(json({ ...record(hash, outcome.detail?.status), ...(outcome.kind === 'not-served' ? { served: false } : {}) }));
  switch (outcome.kind) {
    case 'completed':
      io.stderr.write(`Job ${hash} completed and its adaptor answers: ask for it with --model ${hash}\n`);
      return EXIT.ok;
    case 'failed':
      io.stderr.write(`${failedWords(hash, outcome.detail.status, jobActions(hash))}\n`);
      if (outcome.lastLines.length > 0) io.stderr.write(`Its last log lines:\n${outcome.lastLines.map((l) => `  ${l.line}`).join('\n')}\n`);
      return EXIT.fatal;
    case 'cancelled':
      io.stderr.write(`${cancelledWords(hash, outcome.detail.status, jobActions(hash))}\n`);
      return EXIT.fatal;
    case 'not-served':
      io.stderr.write(`${notServedWords(hash, outcome.answer, outcome.waitedMs, jobActions(hash))}\n`);
      return EXIT.partial;
    case 'stopped':
      io.stderr.write(`Stopped following job ${hash} (${status}); it goes on on the deployment. See it with: scalarlm-lab job ${hash}\n`);
      return EXIT.partial;
  }
}
