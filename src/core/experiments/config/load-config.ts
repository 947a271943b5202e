// Loading an experiment file: its text is parsed and checked (parse-config.ts), then the files it names are
// found under the file access (resolve-files.ts): prompt globs expanded, prompt and tests files checked to
// exist. Tests files are not read: they may be huge, and expandTests streams them (under the same access)
// when the experiment runs.

import { readFile as readFileFromDisk } from 'node:fs/promises';
import { dirname, extname, posix, resolve } from 'node:path';
import glob from 'fast-glob';
import { datasetFormatOf, isPipe, readablePath } from '../../datasets';
import type { FileAccess } from '../../files/file-access';
import { ConfigError, configProblem } from './config-error';
import { readAssertions } from './assertions';
import { parseConfigText, type ParsedConfig } from './parse-config';
import { promptMatches } from './prompt-filter';
import { jsonlPromptParts, promptParts } from './prompt-parts';
import { finishPrompts, type ResolvedPrompt } from './prompt-keys';
import { promptFileKinds, promptFormatOf } from './prompt-specs';
import { ProblemList } from './problem-list';
import { parseYaml } from '../../yaml/located-yaml';
import { resolveFiles, type ConfigPlace, type FileMatch } from './resolve-files';
import { readDefaultTest, testsFileKinds } from './tests-section';
import type { ConfigProblem, DefaultTest, ExperimentConfig, SourcePosition, TestEntry } from './types';

/**
 * Reads `path` (promptfooconfig.yaml or any YAML/JSON experiment file) with promptfoo's meaning. `access`
 * says which files its references may reach; `readFile` lets the editor pass its unsaved text. Throws a
 * ConfigError listing every fatal problem; the warnings and ignored keys of a config that loads are in
 * `problems` and `ignored`.
 */
export async function loadExperimentConfig(path: string, access: FileAccess, readFile: (path: string) => Promise<string> = (p) => readFileFromDisk(p, 'utf8')): Promise<ExperimentConfig> {
  const absolute = resolve(path);
  // A config given as a pipe (`eval <(…)`) is read once (every later read takes the copy) and lives nowhere: its
  // file:// references are read from the current folder.
  const place: ConfigPlace = { file: path, dir: isPipe(absolute) ? resolve('.') : dirname(absolute), access };
  let text: string;
  try {
    text = await readFile(await readablePath(absolute));
  } catch (error) {
    throw new ConfigError([configProblem('error', path, { line: 1, column: 1 }, `the experiment file cannot be read (${(error as Error).message})`)]);
  }
  const { parsed, problems } = parseConfigText(text.replace(/^\uFEFF/, ''), path);
  if (parsed === undefined) throw configError(problems);
  const prompts = finishPrompts(await resolvePrompts(parsed, place, problems, readFile), problems);
  for (const provider of parsed.providers) {
    for (const name of provider.prompts ?? []) {
      if (!prompts.some((prompt) => promptMatches(name, prompt))) problems.error(provider, `the provider \`${provider.key}\` names the prompt \`${name}\` in its \`prompts\`, and no prompt has that label or id; the labels are: ${prompts.map((prompt) => `\`${prompt.label}\``).join(', ')}`);
    }
  }
  const tests = await resolveTests(parsed, place, problems);
  const defaultTest = parsed.defaultTestFile === undefined ? parsed.defaultTest : await readDefaultTestFile(parsed.defaultTestFile, place, problems, readFile);
  if (problems.errors.length > 0) throw configError(problems);
  return {
    file: path,
    path: absolute,
    dir: place.dir,
    access,
    ...(parsed.description !== undefined ? { description: parsed.description } : {}),
    prompts,
    providers: parsed.providers,
    tests,
    defaultTest,
    evaluateOptions: parsed.evaluateOptions,
    locations: parsed.locations,
    problems: problems.warnings,
    ignored: problems.ignored,
  };
}

/**
 * Every problem of an experiment file's text, for diagnostics while it is typed: errors, warnings, ignored
 * keys (severity info), and assertions that cannot run (unknown type, bad regex or schema) at their line. No
 * file is opened, so missing files, glob matches and a tests file's assertions are not checked.
 */
export function checkExperimentConfigText(text: string, fileName: string): ConfigProblem[] {
  const { parsed, problems } = parseConfigText(text.replace(/^\uFEFF/, ''), fileName);
  if (parsed !== undefined) {
    const defaults = parsed.defaultTest.options;
    const lists = [{ list: parsed.defaultTest.assert, options: defaults }, ...parsed.testSpecs.map((spec) => (spec.kind === 'inline' ? { list: spec.assert, options: { ...defaults, ...spec.options } } : { list: [], options: defaults }))];
    for (const { list, options } of lists) {
      for (const problem of readAssertions(list, undefined, options).problems) problems.error({ line: problem.line, column: list.find((a) => a.line === problem.line)?.column ?? 1 }, problem.detail);
    }
    // Duplicate labels can be told without the files, except for globs.
    const known: ResolvedPrompt[] = [];
    for (const spec of parsed.promptSpecs) {
      if (spec.kind === 'inline') known.push({ spec });
      else if (!glob.isDynamicPattern(spec.pattern)) known.push({ spec, file: unresolved(spec.pattern), format: promptFormatOf(spec.pattern) ?? 'text' });
    }
    finishPrompts(known, problems);
  }
  return problems.all();
}

async function resolvePrompts(parsed: ParsedConfig, place: ConfigPlace, problems: ProblemList, readFile: (path: string) => Promise<string>): Promise<ResolvedPrompt[]> {
  const resolved: ResolvedPrompt[] = [];
  for (const spec of parsed.promptSpecs) {
    if (spec.kind === 'inline') {
      resolved.push({ spec });
      continue;
    }
    for (const file of await matchesOf(spec.pattern, spec, place, problems)) {
      const format = promptFormatOf(file.path);
      if (format === undefined) problems.error(spec, `\`${file.relativePath}\` (matched by \`${spec.pattern}\`) is not a prompt file: prompt files here are ${promptFileKinds}; narrow the glob`);
      else if (!['.txt', '.jsonl'].includes(extname(file.path).toLowerCase())) resolved.push({ spec, file, format });
      else {
        // promptfoo makes one prompt of each part of a .txt file between `---` lines, and of each line of a .jsonl.
        const split = extname(file.path).toLowerCase() === '.txt' ? promptParts : jsonlPromptParts;
        const parts = await readFile(file.path).then(split, () => undefined);
        if (parts === undefined) resolved.push({ spec, file, format });
        else if (parts.length === 0) problems.error(spec, `\`${file.relativePath}\` holds no prompt: it is empty${split === promptParts ? ', or only `---` lines' : ''}`);
        else for (const part of parts) resolved.push({ spec, file, format, part });
      }
    }
  }
  return resolved;
}

async function resolveTests(parsed: ParsedConfig, place: ConfigPlace, problems: ProblemList): Promise<TestEntry[]> {
  const tests: TestEntry[] = [];
  for (const spec of parsed.testSpecs) {
    if (spec.kind === 'inline') {
      tests.push(spec);
      continue;
    }
    for (const file of await matchesOf(spec.pattern, spec, place, problems)) {
      const format = datasetFormatOf(file.path);
      if (format === undefined) problems.error(spec, `\`${file.relativePath}\` (matched by \`${spec.pattern}\`) is not a tests file: tests files here are ${testsFileKinds}; narrow the glob`);
      else tests.push({ kind: 'file', format, path: file.path, displayPath: file.displayPath, line: spec.line, column: spec.column });
    }
  }
  return tests;
}

/** `defaultTest: file://default.yaml`, as promptfoo reads it: one YAML mapping, its problems placed in that file. */
async function readDefaultTestFile(named: SourcePosition & { pattern: string }, place: ConfigPlace, problems: ProblemList, readFile: (path: string) => Promise<string>): Promise<DefaultTest> {
  const none: DefaultTest = { vars: {}, assert: [], options: {} };
  const [file] = await matchesOf(named.pattern, named, place, problems);
  if (file === undefined) return none;
  let text: string;
  try {
    text = await readFile(file.path);
  } catch (error) {
    problems.error(named, `the defaultTest file \`${named.pattern}\` cannot be read (${(error as Error).message})`);
    return none;
  }
  const own = new ProblemList(file.displayPath);
  const { root, errors } = parseYaml(text.replace(/^\uFEFF/, ''));
  for (const error of errors) own.error(error.position, `invalid YAML: ${error.message}`);
  const defaultTest = errors.length > 0 ? none : readDefaultTest(root, file.displayPath, own);
  problems.errors.push(...own.errors);
  problems.warnings.push(...own.warnings);
  problems.ignored.push(...own.ignored);
  return defaultTest;
}

async function matchesOf(pattern: string, position: { line: number; column: number }, place: ConfigPlace, problems: ProblemList): Promise<FileMatch[]> {
  const resolution = await resolveFiles(pattern, place);
  if (resolution.ok) return resolution.matches;
  if (resolution.refused) problems.refuse(position, resolution.problem);
  else problems.error(position, resolution.problem);
  return [];
}

/** A file named in the text, as far as can be told without looking at the disk. */
function unresolved(pattern: string): FileMatch {
  const relativePath = posix.normalize(pattern.replace(/\\/g, '/')).replace(/^\.\//, '');
  return { path: relativePath, relativePath, displayPath: relativePath, fromGlob: false };
}

/** Every fatal problem in line order, with the warnings and ignored keys found beside them. */
function configError(problems: ProblemList): ConfigError {
  const all = problems.all();
  return new ConfigError(
    all.filter((problem) => problem.severity === 'error'),
    all.filter((problem) => problem.severity !== 'error'),
  );
}
