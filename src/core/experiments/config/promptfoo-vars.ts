// A test's vars as promptfoo prepares them before it renders a prompt (promptfoo 0.121, observed with its echo
// provider and read in its evaluator and evaluatorHelpers):
// - one test per combination of list values (a list whose first item is a string; other lists are one value),
//   and one test per file a `file://` glob matches, in the order of the keys;
// - a `file://` var is read: text and JSON as their text with the ends trimmed, YAML as the JSON of its value;
//   code (.js, .py), images, audio, video and PDFs are refused here (promptfoo runs or embeds them);
// - one trailing newline of every string value is dropped;
// - a value's `{{ name }}` is replaced by the var `name` (a plain text replacement, at most 5 rounds, as
//   promptfoo's resolveVariables does). Assertion values are rendered with these vars.
// Every file is read under the config's file access (OutsideWorkspaceError where it refuses one).
// Rendering a value that still holds template tags is the prompt's business (experiment-prompts.ts).

import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import glob from 'fast-glob';
import { parse as parseYamlValue } from 'yaml';
import { admitFile, admitGlob, type FileAccess } from '../../files/file-access';

const fileScheme = 'file://';
/** What promptfoo runs (code) or embeds (base64 media, PDF text) rather than reads as text. */
const notText = /^\.(js|cjs|mjs|ts|cts|mts|py|pdf|png|jpe?g|gif|bmp|webp|svg|tiff?|ico|avif|heic|heif|mp4|webm|mov|avi|mkv|mp3|wav|ogg|flac|m4a|aac)$/;
const yamlExtensions = new Set(['.yaml', '.yml']);

/** A var promptfoo reads, runs or embeds that is not read here, or a glob that matches nothing. */
export class VarFileProblem extends Error {}

/** Every combination of the vars' values, as promptfoo's generateVarCombinations makes them. */
export async function varCombinations(vars: Record<string, unknown>, dir: string, access: FileAccess): Promise<Record<string, unknown>[]> {
  if (!namesFiles(vars)) return listCombinations(vars);
  let combinations: Record<string, unknown>[] = [{}];
  for (const [key, value] of Object.entries(vars)) {
    const values = await valuesOf(key, value, dir, access);
    combinations = combinations.flatMap((combination) => values.map((one) => ({ ...combination, [key]: one })));
  }
  return combinations;
}

/** Whether some var is a `file://` name (read, or a glob expanded): vars without one are prepared without any I/O. */
export function namesFiles(vars: Record<string, unknown>): boolean {
  for (const key in vars) {
    const value = vars[key];
    if (typeof value === 'string' && value.startsWith(fileScheme)) return true;
  }
  return false;
}

/** varCombinations of vars that name no file: one per combination of list values; the vars themselves when none is a list. */
export function listCombinations(vars: Record<string, unknown>): Record<string, unknown>[] {
  let combinations: Record<string, unknown>[] | undefined;
  for (const key in vars) {
    const value = vars[key];
    if (!isExpandedList(value)) continue;
    combinations = (combinations ?? [vars]).flatMap((combination) => value.map((one) => ({ ...combination, [key]: one })));
  }
  return combinations ?? [vars];
}

async function valuesOf(key: string, value: unknown, dir: string, access: FileAccess): Promise<unknown[]> {
  if (typeof value === 'string' && value.startsWith(fileScheme)) {
    const pattern = value.slice(fileScheme.length).replace(/\\/g, '/');
    // Each match is admitted when it is read (preparedVars); the glob's folder before anything is listed.
    if (glob.isDynamicPattern(pattern)) await admitGlob(access, pattern, dir, value);
    const found = glob.isDynamicPattern(pattern) ? (await glob(pattern, { cwd: dir, onlyFiles: true })).sort() : [pattern];
    if (found.length === 0) throw new VarFileProblem(`no files match \`${value}\` for the variable \`${key}\` (looked in ${dir})`);
    return found.map((path) => `${fileScheme}${path}`);
  }
  return isExpandedList(value) ? value : [value];
}

/** promptfoo expands a list var whose first value is a string, a test per value; any other list is one value. */
function isExpandedList(value: unknown): value is unknown[] {
  return Array.isArray(value) && typeof value[0] === 'string';
}

/** The vars with `file://` values read, trailing newlines dropped and `{{ name }}` references replaced. */
export async function preparedVars(vars: Record<string, unknown>, dir: string, access: FileAccess): Promise<Record<string, unknown>> {
  if (!namesFiles(vars)) return plainPreparedVars(vars);
  const prepared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(vars)) {
    prepared[key] = typeof value === 'string' && value.startsWith(fileScheme) ? await readVarFile(key, value, dir, access) : value;
  }
  return plainPreparedVars(prepared);
}

/** preparedVars of vars that name no file: a copy with trailing newlines dropped and references replaced. */
export function plainPreparedVars(vars: Record<string, unknown>): Record<string, unknown> {
  const prepared: Record<string, unknown> = {};
  let references = false;
  for (const key in vars) {
    const value = vars[key];
    if (typeof value !== 'string') prepared[key] = value;
    else {
      prepared[key] = value.endsWith('\n') ? value.slice(0, -1) : value;
      references ||= value.includes('{{');
    }
  }
  return references ? resolveInPlace(prepared) : prepared;
}

async function readVarFile(key: string, value: string, dir: string, access: FileAccess): Promise<string> {
  const path = resolve(dir, value.slice(fileScheme.length));
  await admitFile(access, path, value);
  const extension = extname(path).toLowerCase();
  if (notText.test(extension)) {
    throw new VarFileProblem(`the variable \`${key}\` is \`${value}\`: promptfoo runs or embeds ${extension} files (code, images, audio, PDFs), which is not done here; read only text, JSON and YAML files`);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new VarFileProblem(`the variable \`${key}\` names \`${value}\`, which ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`} (looked for ${path})`);
  }
  if (!yamlExtensions.has(extension)) return text.trim();
  try {
    return JSON.stringify(parseYamlValue(text)) ?? '';
  } catch (error) {
    throw new VarFileProblem(`the variable \`${key}\` names \`${value}\`, which is not YAML: ${(error as Error).message}`);
  }
}

/** promptfoo's resolveVariables: each round replaces the first `{{ name }}` of each value whose `name` is a var. */
export function resolveVariables(vars: Record<string, unknown>): Record<string, unknown> {
  return resolveInPlace({ ...vars });
}

function resolveInPlace(resolved: Record<string, unknown>): Record<string, unknown> {
  const reference = /\{\{\s*(\w+)\s*\}\}/;
  for (let round = 0; round < 5; round++) {
    let changed = false;
    for (const key of Object.keys(resolved)) {
      const value = resolved[key];
      if (typeof value !== 'string') continue;
      const match = reference.exec(value);
      if (match === null || resolved[match[1]] === undefined) continue;
      // As promptfoo (String.replace with a string): the value's text as JavaScript prints it.
      const replacement = String(resolved[match[1]]);
      resolved[key] = value.slice(0, match.index) + replacement + value.slice(match.index + match[0].length);
      changed = true;
    }
    if (!changed) break;
  }
  return resolved;
}

/** promptfoo's readTestFiles: `vars: vars.yaml` or a list of paths and globs, each a YAML mapping, merged in order. */
export async function varsFromFiles(patterns: readonly string[], dir: string, access: FileAccess): Promise<Record<string, unknown>> {
  const vars: Record<string, unknown> = {};
  for (const written of patterns) {
    const pattern = written.replace(/^file:\/\//, '').replace(/\\/g, '/');
    if (glob.isDynamicPattern(pattern)) await admitGlob(access, pattern, dir, written);
    const paths = glob.isDynamicPattern(pattern) ? (await glob(pattern, { cwd: dir, onlyFiles: true })).sort() : [pattern];
    if (paths.length === 0) throw new VarFileProblem(`no files match \`${written}\` for \`vars\` (looked in ${dir})`);
    for (const path of paths) {
      await admitFile(access, resolve(dir, path), path);
      let value: unknown;
      try {
        value = parseYamlValue(await readFile(resolve(dir, path), 'utf8'));
      } catch (error) {
        throw new VarFileProblem(`the vars file \`${path}\` cannot be read as YAML: ${(error as Error).message}`);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new VarFileProblem(`the vars file \`${path}\` must hold a mapping of variable names to values`);
      Object.assign(vars, value);
    }
  }
  return vars;
}
