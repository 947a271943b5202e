// What an experiment is before it runs: its prompts (loaded), its providers, its tests (streamed), how often
// each cell repeats, and what the user should be told. It comes from a promptfoo config, or from a .prompty
// with its sample or a dataset (one prompt, one provider: "Run with Sample", "Run over Dataset").

import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneByOne, readDatasetBatches, type DatasetNote } from '../datasets';
import { admitPicked, guardedRead, OutsideWorkspaceError, type FileAccess } from '../files/file-access';
import { readTextFile } from '../prompts/text';
import { loadSample, parsePrompty, TemplateTrustError } from '../templates';
import type { AddedProvider } from '../runs/ledger-schema';
import { expandTestBatches, loadExperimentConfig, parseProviderId, type ProviderRef, type TestCase } from './config';
import { besidePrompty, fromDisk, loadExperimentPrompts, type ExperimentPrompt } from './experiment-prompts';

export interface ExperimentSpec {
  title: string;
  /** The experiment file (or .prompty) as a file URI: the run's source, and how earlier runs of it are found. */
  source: string;
  /** The experiment file as the user named it, for messages. */
  file: string;
  prompts: ExperimentPrompt[];
  providers: ProviderRef[];
  /** Every test in order; read again on each call (tests files are streamed). */
  tests(): AsyncIterable<TestCase>;
  /** The same, a batch at a time: what a pass over every test (checking, storing, sending the cells) reads. */
  testBatches(): AsyncIterable<readonly TestCase[]>;
  repeat: number;
  maxConcurrency?: number;
  /**
   * Ignored keys and other warnings of the files, each with its file:line; the notes of tests files (ignored
   * columns and keys) join it, once each, as the tests are read.
   */
  warnings: string[];
  /** The files the cells come from, by content: a resumed run must find them unchanged. */
  fingerprint(): Promise<string>;
  /** Only some of the tests (--filter-pattern, --filter-failing): cells group differently from a whole run. */
  filtered?: boolean;
}

export interface SpecOptions {
  /** Which files the experiment's files may name (the CLI and trusted workspaces: any). */
  access: FileAccess;
  /** Only tests whose description matches (`--filter-pattern`). */
  filterPattern?: RegExp;
  /** Only these tests, by index (`--filter-failing`: the ones that failed last time). */
  onlyTests?: ReadonlySet<number>;
  /** Overrides evaluateOptions.repeat. */
  repeat?: number;
  /** Overrides evaluateOptions.maxConcurrency. */
  maxConcurrency?: number;
  /** Providers for this run only, after the file's own (checked with addedProviderProblem first). */
  addedProviders?: readonly AddedProvider[];
}

/** A promptfoo config: throws a ConfigError (every problem at file:line:col) or a TemplateError. */
export async function experimentFromConfig(path: string, options: SpecOptions): Promise<ExperimentSpec> {
  const config = await loadExperimentConfig(path, options.access);
  const prompts = await loadExperimentPrompts(config.prompts, config.file, guardedRead(options.access, fromDisk));
  const files = [config.path, ...config.prompts.flatMap((p) => (p.kind === 'file' ? [p.path] : [])), ...prompts.flatMap((p) => p.files), ...config.tests.flatMap((t) => (t.kind === 'file' ? [t.path] : []))];
  const warnings = [...config.ignored.map((key) => key.message), ...config.problems.filter((p) => p.severity !== 'info').map((p) => p.message), ...new Set(prompts.flatMap((p) => p.notes))];
  const noted = new Set(warnings);
  const onNote = ({ message }: DatasetNote) => {
    if (noted.has(message)) return;
    noted.add(message);
    warnings.push(message);
  };
  const testBatches = () => filtered(expandTestBatches(config, { onNote }), options);
  return {
    title: config.description ?? basename(config.file),
    source: pathToFileURL(config.path).toString(),
    file: config.file,
    prompts,
    providers: [...config.providers, ...(options.addedProviders ?? []).map(addedProviderRef)],
    tests: () => oneByOne(testBatches()),
    testBatches,
    repeat: options.repeat ?? config.evaluateOptions.repeat,
    ...(options.maxConcurrency ?? config.evaluateOptions.maxConcurrency ? { maxConcurrency: options.maxConcurrency ?? config.evaluateOptions.maxConcurrency } : {}),
    warnings,
    fingerprint: () => fingerprintOf(files),
    ...(options.onlyTests || options.filterPattern ? { filtered: true } : {}),
  };
}

export interface PromptyRunOptions {
  /** Which files the .prompty may name (the CLI and trusted workspaces: any). */
  access: FileAccess;
  /** A CSV/JSONL/JSON/YAML file of rows, the user's pick; without it, the .prompty's sample is the one test. */
  dataset?: string;
  /** The model to ask (empty: the deployment's default). */
  model?: string;
  /** The name the dataset is shown with (as the user picked it). */
  datasetName?: string;
}

/** A .prompty run with its sample, or over a dataset: one prompt, one provider. */
export async function experimentFromPrompty(path: string, options: PromptyRunOptions): Promise<ExperimentSpec> {
  const absolute = resolve(path);
  const text = await readTextFile(absolute, path);
  const prompty = parsePrompty(text, path);
  const ref = { kind: 'file' as const, format: 'prompty' as const, key: basename(path), label: prompty.name ?? basename(path), path: absolute, relativePath: basename(path), displayPath: path, line: 1, column: 1 };
  const read = guardedRead(options.access, fromDisk);
  const prompts = await loadExperimentPrompts([ref], path, read);
  const dataset = options.dataset;
  if (dataset !== undefined) await admitPickedDataset(options.access, dataset);
  const sample = dataset === undefined ? ((await loadSample(prompty, besidePrompty(prompty, absolute, read))) ?? {}) : undefined;
  const provider: ProviderRef = { key: options.model || 'scalarlm:base', id: `scalarlm:${options.model ?? ''}`, ...(options.model ? { model: options.model } : {}), config: {}, line: 1, column: 1 };
  const hint = prompty.model.modelHint;
  const testBatches = () => (dataset === undefined ? sampleTest(sample ?? {}, path) : datasetTests(dataset, options.datasetName ?? dataset));
  return {
    title: `${prompty.name ?? basename(path)}${dataset ? ` over ${options.datasetName ?? basename(dataset)}` : ' with its sample'}`,
    source: pathToFileURL(absolute).toString(),
    file: path,
    prompts,
    providers: [provider],
    tests: () => oneByOne(testBatches()),
    testBatches,
    repeat: 1,
    warnings: [
      ...prompts[0].notes,
      ...(hint && hint !== options.model ? [`${path}: its model.configuration names "${hint}"; ScalarLM runs ${options.model ? `"${options.model}"` : "the deployment's default model"} (choose one with scalarlm.model or --model).`] : []),
    ],
    fingerprint: () => fingerprintOf([absolute, ...prompts[0].files, ...(dataset ? [resolve(dataset)] : [])]),
  };
}

/**
 * A dataset the user picked (Run over Dataset…, Use Test Row…) is read wherever they browsed to; one inside the
 * workspace that links out of it is refused in Restricted Mode (core/files admitPicked), at its first line.
 */
export async function admitPickedDataset(access: FileAccess, path: string): Promise<void> {
  try {
    await admitPicked(access, path, basename(path));
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) throw new TemplateTrustError({ file: path, line: 1 }, error.message);
    throw error;
  }
}

/**
 * Why a provider cannot be added to a config's own for one run: not a `scalarlm:` id, or its key (the label,
 * else the id) is one the file already has (a column's cells are found again by it). Undefined when it can be.
 */
export function addedProviderProblem(added: AddedProvider, existing: readonly Pick<ProviderRef, 'key'>[]): string | undefined {
  const check = parseProviderId(added.id);
  if (!check.ok) return check.problem;
  const key = added.label ?? added.id;
  if (existing.some((p) => p.key === key)) return `the experiment already has a provider \`${key}\`: give the added one another --provider-label`;
  return undefined;
}

function addedProviderRef(added: AddedProvider): ProviderRef {
  const check = parseProviderId(added.id);
  return { key: added.label ?? added.id, id: added.id, ...(added.label !== undefined ? { label: added.label } : {}), ...(check.ok && check.model !== undefined ? { model: check.model } : {}), config: {}, line: 1, column: 1 };
}

async function* filtered(batches: AsyncIterable<TestCase[]>, { filterPattern, onlyTests }: SpecOptions): AsyncGenerator<TestCase[]> {
  for await (const tests of batches) {
    if (!filterPattern && !onlyTests) yield tests;
    else {
      const kept = tests.filter((test) => (!filterPattern || filterPattern.test(test.description ?? '')) && (!onlyTests || onlyTests.has(test.index)));
      if (kept.length > 0) yield kept;
    }
  }
}

async function* sampleTest(vars: Record<string, unknown>, file: string): AsyncGenerator<TestCase[]> {
  yield [{ index: 0, description: 'sample', vars, assert: [], options: {}, source: { file, line: 1 } }];
}

async function* datasetTests(path: string, name: string): AsyncGenerator<TestCase[]> {
  for await (const rows of readDatasetBatches(path, { displayName: name })) {
    yield rows.map((row) => ({ index: row.index, ...(row.description !== undefined ? { description: row.description } : {}), vars: row.vars, assert: [], options: {}, source: { file: name, line: row.line } }));
  }
}

async function fingerprintOf(files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = await stat(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 32);
}
