// An experiment file (promptfoo's config, the subset in experiments.md) as read: every prompt, provider and
// test with the line it is written on, every problem with its file:line:column, and every key that has no
// effect here reported once, never silently dropped.

import type { DatasetFormat } from '../../datasets';
import type { FileAccess } from '../../files/file-access';
import type { Transport } from '../../../protocol/transport';
import type { PromptPart } from './prompt-parts';

/** 1-based; columns count UTF-16 code units, as editors do. */
export interface SourcePosition {
  line: number;
  column: number;
}

export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface ConfigProblem extends SourcePosition {
  severity: ProblemSeverity;
  file: string;
  /** What is wrong and what to do, without the location. */
  detail: string;
  /** `file:line:column: detail`. */
  message: string;
  /** Refused by the file access (a reference outside the workspace, in Restricted Mode): trusting the folder lifts it. */
  refused?: true;
}

/** A key outside the supported subset, reported once (at its first occurrence) however often it repeats. */
export interface IgnoredConfigKey extends SourcePosition {
  /** The key where it occurs: `sharing`, `tests[].metadata`, `providers[].config.seed`. */
  key: string;
  file: string;
  message: string;
}

/** `.prompty` (Prompty frontmatter and body), `.txt`/`.md` (one template), `.json` (chat messages). */
export type PromptFileFormat = 'prompty' | 'text' | 'chat';

interface PromptBase extends SourcePosition {
  /** Stable across runs and unique within the config: matches a prompt's cells between runs. */
  key: string;
  /** For people: the label given, else the file path, else the start of the text. */
  label: string;
  /** promptfoo's `id`, when given. */
  id?: string;
}

export interface InlinePrompt extends PromptBase {
  kind: 'inline';
  /** The template text, rendered later (Jinja2 semantics, as in promptfoo). */
  raw: string;
}

export interface FilePrompt extends PromptBase {
  kind: 'file';
  format: PromptFileFormat;
  /** Absolute. */
  path: string;
  /** Relative to the experiment file's folder, with '/' separators: the default label and key. */
  relativePath: string;
  /** Names the file in messages (beside the experiment file as the caller named it). */
  displayPath: string;
  /** A `.txt` file's prompt: one of the parts its `---` lines make (prompt-parts.ts). */
  part?: PromptPart;
}

export type PromptRef = InlinePrompt | FilePrompt;

export interface ProviderConfig {
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  stop?: string[];
  /** Overrides the transport chosen from temperature and repeat. */
  transport?: Transport;
}

export interface ProviderRef extends SourcePosition {
  /** The label if given, else the id: stable across runs, unique within the config. */
  key: string;
  /** As written: `scalarlm:<model>`. */
  id: string;
  label?: string;
  /**
   * The model or adaptor to ask for; undefined for the deployment's default model (`scalarlm:base` or
   * `scalarlm:`). `scalarlm:latest` gives 'latest', the server's alias for the newest trained model.
   */
  model?: string;
  config: ProviderConfig;
  /**
   * promptfoo's `prompts` of a provider: the prompts (by label or id; `name*` and `name:` match by prefix) it
   * runs; all when undefined.
   */
  prompts?: string[];
}

/** An assertion kept as given (the judge checks its type and value), with where it is written. */
export interface Assertion {
  type: string;
  value?: unknown;
  threshold?: number;
  weight?: number;
  metric?: string;
  /** The grader for model-graded types: a `scalarlm:<model>` id, or an object with such an `id`. */
  provider?: unknown;
  /** llm-rubric's grader prompt, from the test's `options.rubricPrompt` (set when the test is judged). */
  rubricPrompt?: string;
  file: string;
  line: number;
  column?: number;
}

export interface InlineTest extends SourcePosition {
  kind: 'inline';
  description?: string;
  vars: Record<string, unknown>;
  assert: Assertion[];
  options: Record<string, unknown>;
  /** promptfoo's test `threshold`: the cell passes when its weighted score reaches it. */
  threshold?: number;
  /** `vars: vars.yaml` (paths and globs of YAML files), read when the tests are expanded, under `vars`. */
  varsFiles?: string[];
}

/** A tests file: not read when the config is loaded (it may be huge); expandTests streams it. */
export interface TestsFile extends SourcePosition {
  kind: 'file';
  format: DatasetFormat;
  /** Absolute. */
  path: string;
  displayPath: string;
}

export type TestEntry = InlineTest | TestsFile;

export interface DefaultTest {
  vars: Record<string, unknown>;
  varsFiles?: string[];
  assert: Assertion[];
  options: Record<string, unknown>;
  threshold?: number;
}

export interface EvaluateOptions {
  /** How many times each cell runs; 1 unless set. */
  repeat: number;
  maxConcurrency?: number;
}

/** Where the top-level keys are written (the key itself): for CodeLens and "go to". */
export interface ConfigLocations {
  description?: SourcePosition;
  prompts?: SourcePosition;
  providers?: SourcePosition;
  tests?: SourcePosition;
  scenarios?: SourcePosition;
  defaultTest?: SourcePosition;
  evaluateOptions?: SourcePosition;
}

export interface ExperimentConfig {
  /** The experiment file as the caller named it (the prefix of every message). */
  file: string;
  /** Absolute path of the experiment file, and of its folder (file paths in it are relative to the folder). */
  path: string;
  dir: string;
  /** The file access it was loaded under: the files its tests name (vars files, `file://` vars) are read under it too. */
  access: FileAccess;
  description?: string;
  prompts: PromptRef[];
  /** Never empty: a config without `providers` runs the deployment's default model. */
  providers: ProviderRef[];
  /** In file order; empty when the config has no `tests` (expandTests then yields one test with no vars). */
  tests: TestEntry[];
  defaultTest: DefaultTest;
  evaluateOptions: EvaluateOptions;
  locations: ConfigLocations;
  /** Problems that do not stop the experiment (warnings). */
  problems: ConfigProblem[];
  ignored: IgnoredConfigKey[];
}

/** One test as run: defaultTest merged in, as promptfoo does. */
export interface TestCase {
  /** 0-based over all tests of the config, in order. */
  index: number;
  description?: string;
  vars: Record<string, unknown>;
  /** defaultTest's assertions, then the test's, then a CSV's `__expected…` cells as `{type: '__expected', value}`. */
  assert: Assertion[];
  options: Record<string, unknown>;
  /** The test's (else defaultTest's) threshold on the weighted score. */
  threshold?: number;
  /** Where the test is written: the experiment file, or the tests file and row. */
  source: { file: string; line: number };
}
