// scalarlm-lab generate [FILE|-]: every prompt of a file through the batch queue, one JSONL line per prompt
// out, in input order, each written as soon as it is final. The input is checked completely before
// anything is sent; the run keeps a ledger in the shared runs folder, so that it can be resumed (--resume),
// also from the editor, after the process dies, without losing or resubmitting anything.

import { closeSync, createReadStream, createWriteStream, existsSync, fstatSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ScalarLMApi } from '../../core/api/api';
import { runBatch, type BatchSummary } from '../../core/batch/runner';
import { planBatch, type BatchJob, type JobOverrides } from '../../core/jobs/batch-job';
import { embeddingOf } from '../../core/api/embedding';
import { deploymentProblem } from '../../core/batch/deployment-check';
import { UnknownModelError } from '../../core/batch/deployment-model';
import { contextLimit, oversizeProblem } from '../../core/jobs/prompt-size';
import { BATCH_DEFAULTS, BATCH_LIMITS } from '../../core/batch/limits';
import { isPromptFormat, PROMPT_FORMATS } from '../../core/prompts/formats';
import { type PromptFormat } from '../../core/prompts/types';
import { knownGroups } from '../../core/runs/known-groups';
import { readLedger, readRunHeader } from '../../core/runs/ledger-book';
import { InputChangedError } from '../../core/runs/ledger-input';
import { ReportStream, type ReportLine } from '../../core/runs/report-stream';
import { RunProjection } from '../../core/runs/run-projection';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { CommandDeadline } from '../command-deadline';
import { clientFor, timeoutMsOf } from '../connection';
import { formatDuration } from '../format';
import { EXIT, type CliIO } from '../io';
import { ProgressBar } from '../progress-bar';
import { cliRunStore } from '../run-location';
import { inputKind, readsStdin, spoolStream } from '../input-spool';

export const generateCommand: Command = {
  name: 'generate',
  summary:
    'Send every prompt of a file (or stdin) to the batch queue and print one JSONL line per prompt.\n' +
    'Each line is {"index","request_id","status","response","error"}, written as soon as the prompt is final, in input\n' +
    'order; status is ok, error, pending, unknown or unsent, and an embedding\'s response is its vector (a JSON array).\n' +
    'FILE: text (one prompt per line, or `---`-separated prompts), JSONL (a string, {"prompt"} or {"messages"} per\n' +
    'line), or a JSON array or GenerateRequest object.\n' +
    'Exit 0 when all are ok, 3 when some are not, 1 on a fatal error, 2 on bad usage or input.',
  usage: '[FILE|-] [options]',
  options: {
    model: { type: 'string', valueName: 'NAME', description: "Model or adaptor (default: the deployment's, read from /v1/models)" },
    'max-tokens': { type: 'string', valueName: 'N', description: `Tokens per answer (default ${BATCH_DEFAULTS.maxTokens}; the server's own default is 16)` },
    temperature: { type: 'string', valueName: 'T', description: 'Sent, but the batch queue decodes greedily today' },
    format: { type: 'string', valueName: 'FORMAT', description: `How to read FILE: ${PROMPT_FORMATS.join(', ')} (default: by extension and content)` },
    'group-size': { type: 'string', valueName: 'N', description: `Prompts per request, ${BATCH_LIMITS.groupSize.min}-${BATCH_LIMITS.groupSize.max} (default ${BATCH_DEFAULTS.groupSize})` },
    'in-flight': { type: 'string', valueName: 'N', description: `Groups in flight at once (default ${BATCH_DEFAULTS.maxInFlight})` },
    'pause-above': { type: 'string', valueName: 'DEPTH', description: `Hold new groups while the queue is deeper than this (default ${BATCH_DEFAULTS.pauseAboveQueueDepth})` },
    unordered: { type: 'boolean', description: 'Write each line as its prompt finishes, not in input order' },
    out: { type: 'string', short: 'o', valueName: 'FILE', description: 'Write the results here instead of stdout' },
    'allow-long-prompts': { type: 'boolean', description: "Send prompts longer than the model's context could hold (refused otherwise)" },
    ledger: { type: 'string', valueName: 'FILE', description: 'Keep the run ledger here (default: .scalarlm/runs if the current directory has one, else ~/.local/state/scalarlm-lab/runs)' },
    resume: { type: 'string', valueName: 'RUN', description: 'Continue a run: its ledger file, or its run id (or a prefix of it) in the runs folder; a FILE given is an unchanged copy of its input' },
  },
  run: runGenerate,
};

async function runGenerate(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError('Give at most one input FILE (or - for stdin).');
  // Every flag is checked before any file is read or anything is sent.
  const explicit = explicitOverrides(args);
  const format = formatOption(args);
  const resumeFrom = stringOption(args, 'resume');
  const client = clientFor(args, io);
  // --timeout bounds the whole command, every request in it: the early ones, the checks and the run's.
  const deadline = new CommandDeadline(io.signal, timeoutMsOf(args));
  // Whether the deployment answers, its model list (the context check, the run's model) and its queue are asked
  // while the input is read and checked; a command that stops before using the answers does not wait for them.
  const early = new AbortController();
  client.askEarly(AbortSignal.any([deadline.signal, early.signal]));
  try {
    return await generate(args, io, client, { explicit, format, deadline, resumeFrom });
  } catch (error) {
    if (!deadline.timedOut) throw error;
    io.stderr.write(`${deadline.stoppedLine('the run had not begun, nothing was sent')}\n`);
    return EXIT.partial;
  } finally {
    deadline.dispose();
    early.abort();
    await client.close();
  }
}

interface GenerateFlags {
  explicit: JobOverrides;
  format: PromptFormat | undefined;
  deadline: CommandDeadline;
  resumeFrom: string | undefined;
}

async function generate(args: ParsedArgs, io: CliIO, client: ScalarLMApi, { explicit, format, deadline, resumeFrom }: GenerateFlags): Promise<number> {
  const store = cliRunStore(io);
  const runId = randomUUID();
  const ledgerPath = resumeFrom ? resumedLedger(resumeFrom, store) : resolve(stringOption(args, 'ledger') ?? store.ledgerPath(runId));
  if (!resumeFrom) mkdirSync(dirname(ledgerPath), { recursive: true });

  // A run that records its input file reads it itself on resume (checking it is unchanged): nothing to plan here.
  const recordedInput = resumeFrom ? readRunHeader(ledgerPath).input : undefined;
  const inputCopy = recordedInput ? givenCopy(args) : undefined;
  const input = recordedInput ? undefined : await inputFile(args, io, ledgerPath, resumeFrom);
  let job: BatchJob | undefined;
  try {
    job = input ? await planBatch({ kind: 'file', path: input.path, displayName: input.displayName, ...(format ? { format } : {}) }, { explicit }) : undefined;
  } catch (error) {
    if (input?.spooled && !resumeFrom) rmSync(input.path, { force: true });
    throw error;
  }
  if (job && job.total === 0 && !resumeFrom) {
    io.stderr.write(`${job.title} holds no prompts: nothing to send.\n`);
    return EXIT.usage;
  }
  for (const warning of resumeFrom ? [] : (job?.warnings ?? [])) io.stderr.write(`${warning}\n`);

  // A URL that is no ScalarLM deployment, or a model it does not have, stops the run before its ledger opens.
  const refused = job && !resumeFrom ? await deploymentProblem(client, [job.params.model], deadline.signal) : undefined;
  if (refused) {
    if (input?.spooled) rmSync(input.path, { force: true });
    io.stderr.write(`${refused}\n`);
    return EXIT.usage;
  }
  if (job?.longest && !resumeFrom && args.values['allow-long-prompts'] !== true) {
    const problem = oversizeProblem(job.longest, await contextLimit(client, job.params.model, deadline.signal), job.params.max_tokens);
    if (problem) {
      if (input?.spooled) rmSync(input.path, { force: true });
      io.stderr.write(`${problem}\nNothing was sent. --allow-long-prompts sends it anyway.\n`);
      return EXIT.usage;
    }
  }
  const report = await openReport(args, io);
  const projection = new RunProjection({
    keepItems: false,
    finalOnly: true,
    onItems: (items) => {
      report.stream.accept(items);
      report.flush();
    },
  });
  // A resumed run reports the prompts already final at once.
  if (resumeFrom) projection.read(ledgerPath);
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  let summary: BatchSummary;
  try {
    summary = await runBatch({
      api: client,
      ledgerPath,
      runId,
      resume: resumeFrom !== undefined,
      ...(job && !resumeFrom
        ? { params: job.params, source: job.source, title: job.title, warnings: job.warnings, groupSize: job.groupSize }
        : {}),
      input: job?.input(),
      // The ledger then leaves the prompts to the file.
      ...(job?.format && input && !resumeFrom ? { inputFile: { path: input.path, format: job.format } } : {}),
      ...(inputCopy ? { inputPath: inputCopy } : {}),
      knownGroups: () => knownGroups(store, job?.source ?? readRunHeader(ledgerPath).source, runId),
      maxInFlight: job?.maxInFlight ?? explicit.maxInFlight ?? BATCH_DEFAULTS.maxInFlight,
      pauseAboveQueueDepth: job?.pauseAboveQueueDepth ?? explicit.pauseAboveQueueDepth ?? BATCH_DEFAULTS.pauseAboveQueueDepth,
      deadline: deadline.expired,
      signal: io.signal,
      totalHint: job?.total,
      onStart: (run) => io.stderr.write(`Run ${resumeFrom ? 'resumed' : 'started'}: ${run.ledgerPath}\n`),
      onLedger: (lines) => lines.forEach(({ event, offset, next }) => projection.apply(event, offset, next)),
      ready: () => report.drained(),
      onProgress: (progress) => bar?.update(progress),
      onLog: (message) => {
        bar?.clear();
        io.stderr.write(`${message}\n`);
      },
    });
  } catch (error) {
    // Nothing was written: a spooled copy of stdin has no ledger to belong to.
    if (input?.spooled && !resumeFrom) rmSync(input.path, { force: true });
    throw error instanceof InputChangedError ? new UsageError(error.message) : error;
  } finally {
    bar?.clear();
  }
  report.stream.finish(projection);
  report.flush();
  await report.close();
  io.stderr.write(summaryLine(summary, store.has(summary.runId) && store.summary(summary.runId).ledgerPath === ledgerPath ? summary.runId : ledgerPath, deadline));
  if (summary.error) {
    io.stderr.write(`${summary.error.message}\n`);
    return EXIT.fatal;
  }
  return summary.counts.ok === summary.total ? EXIT.ok : EXIT.partial;
}

/** The flags that set this run's parameters and pacing: the highest layer of the job's precedence. */
export function explicitOverrides(args: ParsedArgs): JobOverrides {
  const overrides: JobOverrides = {
    model: stringOption(args, 'model'),
    maxTokens: numberOption(args, 'max-tokens', { integer: true, ...BATCH_LIMITS.maxTokens }),
    temperature: numberOption(args, 'temperature', BATCH_LIMITS.temperature),
    groupSize: numberOption(args, 'group-size', { integer: true, ...BATCH_LIMITS.groupSize }),
    maxInFlight: numberOption(args, 'in-flight', { integer: true, ...BATCH_LIMITS.maxInFlight }),
    pauseAboveQueueDepth: numberOption(args, 'pause-above', { integer: true, ...BATCH_LIMITS.pauseAboveQueueDepth }),
  };
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
}

function formatOption(args: ParsedArgs): PromptFormat | undefined {
  const format = stringOption(args, 'format');
  if (format === undefined) return undefined;
  if (!isPromptFormat(format)) throw new UsageError(`--format must be one of ${PROMPT_FORMATS.join(', ')}; got "${format}".`);
  return format;
}

/** --resume takes a ledger file, or a run id (or its prefix) in the runs folder. */
function resumedLedger(given: string, store: ReturnType<typeof cliRunStore>): string {
  if (existsSync(given)) return resolve(given);
  const run = store.find(given);
  if (run) return run.ledgerPath;
  throw new UsageError(`There is no ledger file ${given}, and no run in ${store.dir} has an id starting with "${given}".`);
}

interface InputFile {
  path: string;
  displayName: string;
  /** A copy of stdin, kept beside the ledger. */
  spooled?: boolean;
}

async function inputFile(args: ParsedArgs, io: CliIO, ledgerPath: string, resumeFrom: string | undefined): Promise<InputFile | undefined> {
  const given = args.positionals[0];
  if (resumeFrom) {
    const state = readLedger(ledgerPath);
    const needsInput = !(state.inputTotal !== undefined && state.planned >= state.inputTotal);
    if (!needsInput && !given) return undefined;
    const recorded = state.header?.source;
    const path = given ?? (recorded ? filePathOf(recorded) : undefined);
    if (!path || !existsSync(path)) {
      throw new UsageError(`This run has prompts left to send, but its input ${path ?? '(unrecorded)'} is gone: give the same input FILE again.`);
    }
    return { path: resolve(path), displayName: path };
  }
  // Kept beside the ledger, so a run fed from a pipe can still be resumed.
  const spooled = `${ledgerPath}.input`;
  if (given && !readsStdin(given)) {
    const kind = inputKind(given);
    if (kind === 'file') return { path: resolve(given), displayName: given };
    // A FIFO, /dev/stdin or a process substitution can be read once: it is spooled, as stdin is.
    await spoolStream(createReadStream(given), spooled);
    return { path: spooled, displayName: given, spooled: true };
  }
  if (!given && io.stdin.isTTY) throw new UsageError('Give an input FILE, or pipe prompts in and use - for stdin.');
  await spoolStream(io.stdin, spooled);
  return { path: spooled, displayName: '<stdin>', spooled: true };
}

/** Resuming a run that records its input file: a FILE given is an unchanged copy of it (checked by the run). */
function givenCopy(args: ParsedArgs): string | undefined {
  const given = args.positionals[0];
  if (given === undefined) return undefined;
  if (given === '-' || !existsSync(given)) throw new UsageError(`There is no input file ${given}: give a copy of the run's input file, unchanged, or nothing to read it where it was.`);
  return resolve(given);
}

/** A run's recorded source: a file URI (or, in older ledgers, a plain path). */
function filePathOf(source: string): string | undefined {
  if (source.startsWith('file:')) return fileURLToPath(source);
  return /^[a-z][\w+.-]*:/i.test(source) ? undefined : source;
}

interface OpenReport {
  stream: ReportStream;
  /** Hands the lines the stream wrote since the last flush to the output, in one write. */
  flush(): void;
  /** Resolves once the output has taken what was written (the run sends no new group meanwhile). */
  drained(): Promise<void>;
  close(): Promise<void>;
}

async function openReport(args: ParsedArgs, io: CliIO): Promise<OpenReport> {
  const outPath = stringOption(args, 'out');
  const out = outPath ? await openOutput(outPath) : io.stdout;
  // A group's lines go out together: one write (and one system call) per group, not per prompt.
  let lines = '';
  const write = (line: ReportLine) => {
    lines += JSON.stringify(printed(line)) + '\n';
  };
  // Every group in flight waits on the same drain (one listener, however many wait).
  let drain: Promise<void> | undefined;
  return {
    stream: new ReportStream(write, !args.values.unordered),
    flush: () => {
      if (lines === '') return;
      out.write(lines);
      lines = '';
    },
    drained: () => {
      if (!(out as Writable).writableNeedDrain) return Promise.resolve();
      drain ??= once(out, 'drain').then(() => {
        drain = undefined;
      });
      return drain;
    },
    close: async () => {
      if (!outPath) return;
      out.end();
      await once(out, 'finish');
    },
  };
}

/** A report line as printed: an embedding's response is its vector, a JSON array, not the text it travels as. */
function printed(line: ReportLine): ReportLine | (Omit<ReportLine, 'response'> & { response: number[] }) {
  const vector = embeddingOf(line.response);
  return vector ? { ...line, response: vector } : line;
}

/**
 * --out: a regular file is written synchronously, a group's lines in one system call (a stream's writes go
 * through the thread pool, several times dearer each); anything else (a pipe, a device) through a stream.
 */
async function openOutput(path: string): Promise<Writable> {
  const fd = openSync(path, 'w');
  if (!fstatSync(fd).isFile()) return createWriteStream(path, { fd });
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        // A regular file takes it all at once, but for a full disk (which throws): go on from any short write.
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    final(done) {
      closeSync(fd);
      done();
    },
  });
}

/** `resumeWith`: the run id when its ledger is in the runs folder, else the ledger's path. */
function summaryLine({ counts, total, reason, state, error }: BatchSummary, resumeWith: string, deadline: CommandDeadline): string {
  const parts = (['ok', 'error', 'pending', 'unknown', 'unsent'] as const).filter((s) => s === 'ok' || counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const elapsed = state.end && state.header ? formatDuration(state.end.at - Date.parse(state.header.createdAt)) : '';
  const lines = [`${total} prompts: ${parts.join(', ')}${elapsed ? ` (${elapsed} since the run began)` : ''}.`];
  const existing = state.existingGroups;
  if (existing > 0) lines.push(`${existing} group${existing === 1 ? '' : 's'} already on the server: fetched, not re-sent.`);
  if (reason === 'cancelled') lines.push('Cancelled: submitted groups keep running on the server.');
  const unfinished = counts.pending + counts.unknown + counts.unsent;
  if (reason === 'deadline') lines.push(deadline.stoppedLine(`${unfinished} prompt${unfinished === 1 ? '' : 's'} unfinished`));
  // A group whose submit the deadline cut off and the server did not confirm in time is unknown: a resume asks again.
  // A model the server refused is refused again on resume: no advice that cannot work.
  const resumable = counts.pending + counts.unsent > 0 || reason === 'deadline';
  if (resumable && !(error instanceof UnknownModelError)) lines.push(`Continue with: scalarlm-lab generate --resume ${resumeWith}`);
  return lines.join('\n') + '\n';
}
