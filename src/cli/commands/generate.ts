// scalarlm-lab generate [FILE|-]: every prompt of a file through the batch queue, one JSONL line per prompt
// out, in input order. The input is validated completely before anything is sent; the run keeps a ledger
// so that it can be resumed (--resume) after the process dies, without losing or resubmitting anything.

import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import type { BatchDefaults } from '../../core/prompts';
import { detectFileFormat, readPromptFile, validatePromptFile } from '../../core/prompts';
import { reportItems } from '../../core/batch/report';
import { GROUP_SIZE_MAX, runBatch, type BatchSummary } from '../../core/batch/runner';
import type { BatchParams } from '../../core/batch/types';
import { LedgerBook } from '../../core/batch/ledger-book';
import { allPlanned } from '../../core/batch/group-planner';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { clientFor, timeoutMsOf } from '../connection';
import { formatDuration } from '../format';
import { EXIT, type CliIO } from '../io';
import { ProgressBar } from '../progress-bar';
import { spoolStdin } from '../stdin-spool';

/** The server's own default is 16 tokens (protocol §1.1), too few to judge a prompt by. */
export const DEFAULT_MAX_TOKENS = 256;

export const generateCommand: Command = {
  name: 'generate',
  summary:
    'Send every prompt of FILE (or stdin) to the batch queue (POST /v1/generate) and write one JSONL line per prompt:\n' +
    '{"index","request_id","status","response","error"}, in input order; status is ok, error, pending, unknown or unsent.\n' +
    'FILE: text (one prompt per line), JSONL (a string, {"prompt"} or {"messages"} per line), or a JSON array or\n' +
    'GenerateRequest object. Exit 0 when all are ok, 3 when some are not, 1 on a fatal error, 2 on bad usage or input.',
  usage: '[FILE|-] [options]',
  options: {
    model: { type: 'string', valueName: 'NAME', description: "Model or adaptor (default: the deployment's)" },
    'max-tokens': { type: 'string', valueName: 'N', description: `Tokens per answer (default ${DEFAULT_MAX_TOKENS}; the server's own default is 16)` },
    temperature: { type: 'string', valueName: 'T', description: 'Sent, but the batch queue decodes greedily today' },
    'group-size': { type: 'string', valueName: 'N', description: `Prompts per request, 1-${GROUP_SIZE_MAX} (default 32)` },
    'in-flight': { type: 'string', valueName: 'N', description: 'Groups in flight at once (default 4)' },
    'pause-above': { type: 'string', valueName: 'DEPTH', description: 'Hold new groups while the queue is deeper than this' },
    out: { type: 'string', short: 'o', valueName: 'FILE', description: 'Write the results here instead of stdout' },
    ledger: { type: 'string', valueName: 'FILE', description: 'Where to keep the run ledger (default: under ~/.local/state/scalarlm-lab/runs)' },
    resume: { type: 'string', valueName: 'LEDGER', description: 'Continue the run of this ledger (FILE defaults to its recorded input)' },
  },
  run: runGenerate,
};

async function runGenerate(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError('Give at most one input FILE (or - for stdin).');
  // Every flag is checked before any file is read or anything is sent.
  const pacing = {
    groupSize: numberOption(args, 'group-size', { integer: true, min: 1, max: GROUP_SIZE_MAX }),
    maxInFlight: numberOption(args, 'in-flight', { integer: true, min: 1, max: 64 }),
    pauseAboveQueueDepth: numberOption(args, 'pause-above', { integer: true, min: 0 }),
    deadlineMs: timeoutMsOf(args),
  };
  const flags = batchFlags(args);
  const resumeFrom = stringOption(args, 'resume');
  const ledgerPath = resolve(resumeFrom ?? stringOption(args, 'ledger') ?? defaultLedgerPath(args.positionals[0], io));
  if (!resumeFrom) mkdirSync(dirname(ledgerPath), { recursive: true });

  const input = await inputFile(args, io, ledgerPath, resumeFrom);
  const format = input && (await detectFileFormat(input.path, input.displayName));
  let defaults: BatchDefaults = {};
  let total: number | undefined;
  if (input && format) {
    const checked = await validatePromptFile(input.path, { format, displayName: input.displayName });
    for (const warning of checked.warnings) io.stderr.write(`${warning.message}\n`);
    if (checked.errorCount > 0) {
      for (const error of checked.errors) io.stderr.write(`${error.message}\n`);
      const more = checked.errorCount - checked.errors.length;
      if (more > 0) io.stderr.write(`... and ${more} more.\n`);
      io.stderr.write(`Nothing was submitted: fix ${checked.errorCount === 1 ? 'this line' : 'these lines'} and run again.\n`);
      return EXIT.usage;
    }
    if (checked.count === 0 && !resumeFrom) {
      io.stderr.write(`${input.displayName} holds no prompts: nothing to send.\n`);
      return EXIT.usage;
    }
    defaults = checked.defaults;
    total = checked.count;
  }

  const client = clientFor(args, io);
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  let summary: BatchSummary;
  try {
    summary = await runBatch({
      api: client,
      ledgerPath,
      resume: resumeFrom !== undefined,
      params: resumeFrom ? undefined : batchParams(flags, defaults),
      input: input && format ? readPromptFile(input.path, { format, displayName: input.displayName }) : undefined,
      source: input?.path,
      ...pacing,
      signal: io.signal,
      totalHint: total,
      onStart: (run) => io.stderr.write(`Ledger: ${run.ledgerPath}\n`),
      onProgress: (progress) => bar?.update(progress),
      onLog: (message) => {
        bar?.clear();
        io.stderr.write(`${message}\n`);
      },
    });
  } catch (error) {
    // Nothing was written: a spooled copy of stdin has no ledger to belong to.
    if (input?.spooled && !resumeFrom) rmSync(input.path, { force: true });
    throw error;
  } finally {
    bar?.clear();
    await client.close();
  }
  await writeReport(summary, args, io);
  io.stderr.write(summaryLine(summary));
  if (summary.error) {
    io.stderr.write(`${summary.error.message}\n`);
    return EXIT.fatal;
  }
  return summary.counts.ok === summary.total ? EXIT.ok : EXIT.partial;
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
    if (!existsSync(resumeFrom)) throw new UsageError(`There is no ledger at ${resumeFrom}.`);
    const book = LedgerBook.open(resumeFrom);
    const needsInput = !allPlanned(book);
    const recorded = book.header.source;
    book.close();
    if (!needsInput && !given) return undefined;
    const path = given ?? recorded;
    if (!path || !existsSync(path)) {
      throw new UsageError(`This run has prompts left to send, but its input ${path ?? '(unrecorded)'} is gone: give the same input FILE again.`);
    }
    return { path: resolve(path), displayName: path };
  }
  if (given && given !== '-') {
    if (!existsSync(given)) throw new UsageError(`There is no input file ${given}.`);
    return { path: resolve(given), displayName: given };
  }
  if (!given && io.stdin.isTTY) throw new UsageError('Give an input FILE, or pipe prompts in and use - for stdin.');
  // Kept beside the ledger, so a run fed from a pipe can still be resumed.
  const path = `${ledgerPath}.input`;
  await spoolStdin(io.stdin, path);
  return { path, displayName: '<stdin>', spooled: true };
}

/** The batch parameters given on the command line; they win over those in a GenerateRequest file. */
function batchFlags(args: ParsedArgs): BatchDefaults {
  return {
    model: stringOption(args, 'model'),
    max_tokens: numberOption(args, 'max-tokens', { integer: true, min: 1 }),
    temperature: numberOption(args, 'temperature', { min: 0 }),
  };
}

function batchParams(flags: BatchDefaults, defaults: BatchDefaults): BatchParams {
  const model = flags.model ?? defaults.model;
  const temperature = flags.temperature ?? defaults.temperature;
  return {
    ...(model ? { model } : {}),
    max_tokens: flags.max_tokens ?? defaults.max_tokens ?? DEFAULT_MAX_TOKENS,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(defaults.tools ? { tools: defaults.tools } : {}),
    ...(defaults.tool_choice ? { tool_choice: defaults.tool_choice } : {}),
  };
}

function defaultLedgerPath(input: string | undefined, io: CliIO): string {
  const stateHome = io.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  const name = input && input !== '-' ? basename(input).replace(/[^\w.-]+/g, '_') : 'stdin';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(stateHome, 'scalarlm-lab', 'runs', `${stamp}-${name}.ledger.jsonl`);
}

async function writeReport(summary: BatchSummary, args: ParsedArgs, io: CliIO): Promise<void> {
  const outPath = stringOption(args, 'out');
  const out = outPath ? createWriteStream(outPath) : io.stdout;
  for (const item of reportItems(summary.ledgerPath, summary.state)) {
    if (!out.write(JSON.stringify(item) + '\n')) await once(out, 'drain');
  }
  if (outPath) {
    out.end();
    await once(out, 'finish');
  }
}

function summaryLine({ counts, total, reason, ledgerPath, state }: BatchSummary): string {
  const parts = (['ok', 'error', 'pending', 'unknown', 'unsent'] as const).filter((s) => s === 'ok' || counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const elapsed = state.end && state.header ? formatDuration(state.end.at - Date.parse(state.header.createdAt)) : '';
  const lines = [`${total} prompts: ${parts.join(', ')}${elapsed ? ` (${elapsed} since the run began)` : ''}.`];
  if (reason === 'cancelled') lines.push('Cancelled: submitted groups keep running on the server.');
  if (reason === 'deadline') lines.push('Stopped at the --timeout deadline.');
  if (counts.pending + counts.unsent > 0) lines.push(`Continue with: scalarlm-lab generate --resume ${ledgerPath}`);
  return lines.join('\n') + '\n';
}
