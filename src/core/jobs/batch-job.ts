// One place that turns a prompt source and the user's choices into a batch job: which prompts (format and
// extraction), which parameters (precedence), which pacing (defaults), and what the user should be told
// (warnings). The CLI maps its flags, and the extension its settings, onto layers; both get the same job
// for the same input, group for group.
//
// Precedence, highest first (README "Parameters"):
//   explicit    what this run was asked for: command-line flags (--model, --max-tokens, ...);
//   file        what the prompt file itself says (a GenerateRequest JSON's "model", "max_tokens", ...);
//   configured  standing preferences: the extension's settings (scalarlm.model, scalarlm.maxTokens, ...);
//   defaults    BATCH_DEFAULTS.
// Pacing (group size, groups in flight, queue depth) comes from explicit, then configured, then defaults.

import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BatchParams } from '../runs/ledger-schema';
import type { BatchInput } from '../batch/types';
import { checkPromptText, promptChars, readPromptFile, validatePromptFile } from '../prompts/sources';
import { detectFileFormat, detectFormat, type FormatGuess } from '../prompts/formats';
import { PromptProblems, type PromptInputWarning } from '../prompts/problems';
import { type BatchDefaults, type PromptFormat, type PromptItem } from '../prompts/types';
import { BATCH_DEFAULTS } from '../batch/limits';

export interface JobOverrides {
  /** Empty means the deployment's default model, as if not given. */
  model?: string;
  maxTokens?: number;
  temperature?: number;
  groupSize?: number;
  maxInFlight?: number;
  pauseAboveQueueDepth?: number;
}

export interface JobLayers {
  explicit?: JobOverrides;
  configured?: JobOverrides;
}

export type BatchSource =
  /** A file on disk, streamed (the CLI). `format` overrides detection (--format). */
  | { kind: 'file'; path: string; displayName: string; format?: PromptFormat }
  /** A document held whole (the editor's buffer, unsaved edits included). */
  | { kind: 'text'; text: string; fileName: string; uri: string; format?: PromptFormat }
  /** Prompts already cut out (editor selections and lines, a retry's failed prompts). */
  | { kind: 'items'; items: readonly BatchInput[]; title: string; uri?: string };

export interface BatchJob {
  /** A short name for people: "prompts.jsonl", "Selection in notes.md". */
  title: string;
  /** The URI of the prompts' document or file, for revealing origins and resuming. */
  source?: string;
  params: BatchParams;
  groupSize: number;
  maxInFlight: number;
  pauseAboveQueueDepth: number;
  /** How the file was read, for the files that have a format. */
  format?: PromptFormat;
  total: number;
  /** The prompts, in order; each call reads them from the start (a file is read again). */
  input(): AsyncIterable<BatchInput>;
  /** Accepted, but not all will take effect: the ones the file's lines carry, then the job's own. */
  warnings: string[];
  /** The longest prompt of a file or document and where it is, to check against the model's context (prompt-size.ts). */
  longest?: PromptAt;
}

export interface PromptAt {
  file: string;
  line: number;
  chars: number;
}

/** Reads the whole source and checks every prompt; throws PromptProblems listing them all when any is bad. */
export async function planBatch(source: BatchSource, layers: JobLayers = {}): Promise<BatchJob> {
  const read = await readSource(source);
  const params = batchParams(layers, read.defaults);
  const explicit = layers.explicit ?? {};
  const configured = layers.configured ?? {};
  return {
    title: read.title,
    ...(read.uri ? { source: read.uri } : {}),
    params,
    groupSize: explicit.groupSize ?? configured.groupSize ?? BATCH_DEFAULTS.groupSize,
    maxInFlight: explicit.maxInFlight ?? configured.maxInFlight ?? BATCH_DEFAULTS.maxInFlight,
    pauseAboveQueueDepth: explicit.pauseAboveQueueDepth ?? configured.pauseAboveQueueDepth ?? BATCH_DEFAULTS.pauseAboveQueueDepth,
    ...(read.format ? { format: read.format } : {}),
    total: read.total,
    input: read.input,
    ...(read.longest ? { longest: read.longest } : {}),
    warnings: [...read.warnings, ...formatWarnings(source, read), ...unappliedWarnings(params)],
  };
}

interface ReadSource {
  title: string;
  uri?: string;
  format?: PromptFormat;
  guess?: FormatGuess;
  total: number;
  defaults: BatchDefaults;
  input: () => AsyncIterable<BatchInput>;
  warnings: string[];
  longest?: PromptAt;
}

async function readSource(source: BatchSource): Promise<ReadSource> {
  switch (source.kind) {
    case 'items':
      return { title: source.title, ...(source.uri ? { uri: source.uri } : {}), total: source.items.length, defaults: {}, input: () => inputOf(source.items), warnings: [] };
    case 'text': {
      const guess = source.format ? undefined : detectFormat(source.fileName, source.text);
      const format = source.format ?? (guess as FormatGuess).format;
      const checked = checkPromptText(source.text, { fileName: source.fileName, format });
      if (checked.errorCount > 0) throw new PromptProblems(checked.errors, checked.errorCount);
      const items = checked.items;
      const longest = longestOf(items, source.fileName);
      return { title: source.fileName, uri: source.uri, format, ...(guess ? { guess } : {}), ...(longest ? { longest } : {}), total: items.length, defaults: checked.defaults, input: () => inputOf(items), warnings: messages(checked.warnings, checked.warnings.length) };
    }
    case 'file': {
      const guess = source.format ? undefined : await detectFileFormat(source.path, source.displayName);
      const format = source.format ?? (guess as FormatGuess).format;
      const options = { format, displayName: source.displayName };
      const checked = await validatePromptFile(source.path, options);
      if (checked.errorCount > 0) throw new PromptProblems(checked.errors, checked.errorCount);
      return {
        title: basename(source.displayName),
        uri: pathToFileURL(source.path).toString(),
        format,
        ...(guess ? { guess } : {}),
        total: checked.count,
        ...(checked.longest ? { longest: { file: source.displayName, ...checked.longest } } : {}),
        defaults: checked.defaults,
        input: () => readPromptFile(source.path, options),
        warnings: messages(checked.warnings, checked.warningCount),
      };
    }
  }
}

function longestOf(items: readonly PromptItem[], file: string): PromptAt | undefined {
  let longest: PromptAt | undefined;
  for (const item of items) {
    const chars = promptChars(item.entry);
    if (!longest || chars > longest.chars) longest = { file, line: item.origin.line, chars };
  }
  return longest;
}

function batchParams(layers: JobLayers, file: BatchDefaults): BatchParams {
  const explicit = layers.explicit ?? {};
  const configured = layers.configured ?? {};
  const model = explicit.model || file.model || configured.model || undefined;
  const temperature = explicit.temperature ?? file.temperature ?? configured.temperature;
  return {
    ...(model ? { model } : {}),
    max_tokens: explicit.maxTokens ?? file.max_tokens ?? configured.maxTokens ?? BATCH_DEFAULTS.maxTokens,
    // 0 is what the server assumes when the key is absent (protocol §1.1): the same batch, so not sent.
    ...(temperature ? { temperature } : {}),
    ...(file.tools ? { tools: file.tools } : {}),
    ...(file.tool_choice ? { tool_choice: file.tool_choice } : {}),
  };
}

function formatWarnings(source: BatchSource, read: ReadSource): string[] {
  if (!read.guess?.ambiguous || source.kind === 'items') return [];
  return [`${read.title} was read as one prompt per line (${read.total} prompts); to send the whole file as one prompt, choose the "document" format.`];
}

/** Protocol §1.2: temperature, tools and tool_choice never reach the worker; every completion is greedy. */
function unappliedWarnings(params: BatchParams): string[] {
  const unapplied = (['temperature', 'tools', 'tool_choice'] as const).filter((key) => params[key] !== undefined);
  if (unapplied.length === 0) return [];
  return [`${unapplied.map((key) => `"${key}"`).join(', ')} will be sent, but current ScalarLM servers do not apply them on /v1/generate (completions are greedy, without tools).`];
}

function messages(warnings: readonly PromptInputWarning[], count: number): string[] {
  const listed = warnings.map((warning) => warning.message);
  return count > listed.length ? [...listed, `... and ${count - listed.length} more warnings.`] : listed;
}

async function* inputOf(items: readonly BatchInput[]): AsyncGenerator<BatchInput> {
  for (const { entry, origin } of items) yield origin ? { entry, origin } : { entry };
}
