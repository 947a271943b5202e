// `${file:path}` in a .prompty's frontmatter: the value is the file's content, read relative to the .prompty's
// folder; a .json file is parsed as JSON, a .yaml/.yml file as YAML, any other file is its text. That is
// Prompty 2's loader (core/loader.py `_load_file_content`), which resolves a reference wherever it is the
// value of a mapping's key, at any depth (`_pre_process` runs on every mapping the loader visits).

import { dirname, extname, isAbsolute, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { OutsideWorkspaceError, type GuardedRead } from '../files/file-access';
import { isPlainObject } from '../prompts/validation';
import { TemplateError, TemplateTrustError, type TemplateLocation } from './template-error';

const reference = /^\$\{file:(.+)\}$/;

/** The path a `${file:…}` value names, or undefined for any other value. */
export function fileReferenceOf(value: unknown): string | undefined {
  return typeof value === 'string' ? reference.exec(value.trim())?.[1].trim() : undefined;
}

/**
 * The first `${env:…}` in a value, at any depth. Prompty reads the environment variable there; here it is
 * refused rather than sent as its literal text (provider settings, where such references mostly are, are
 * ignored before this is asked).
 */
export function envReferenceIn(value: unknown): string | undefined {
  if (typeof value === 'string') return /^\$\{env:[^}]*\}$/.test(value.trim()) ? value.trim() : undefined;
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [];
  for (const item of items) {
    const found = envReferenceIn(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function envReferenceDetail(written: string): string {
  return `\`${written}\` is not read here (Prompty would read the environment variable): write the value itself`;
}

/** Every `${file:…}` in a value: itself, or the value of a key of a mapping inside it (lists included). */
export function fileReferencesIn(value: unknown): string[] {
  const own = fileReferenceOf(value);
  if (own !== undefined) return [own];
  if (Array.isArray(value)) return value.flatMap((item) => (isPlainObject(item) ? fileReferencesIn(item) : []));
  if (isPlainObject(value)) return Object.values(value).flatMap(fileReferencesIn);
  return [];
}

/**
 * The value with each `${file:…}` replaced by its file's content. `promptyFile` is the .prompty as it is named
 * (references are relative to its folder); `readFile` gets that joined path. A file that cannot be read, or
 * does not parse, is an error at `at` (where the value is written); one the file access refuses, a
 * TemplateTrustError there.
 */
export async function resolveFileReferences(value: unknown, promptyFile: string, at: TemplateLocation, readFile: GuardedRead): Promise<unknown> {
  const own = fileReferenceOf(value);
  if (own !== undefined) return readReference(own, promptyFile, at, readFile);
  if (Array.isArray(value)) return Promise.all(value.map((item) => (isPlainObject(item) ? resolveFileReferences(item, promptyFile, at, readFile) : item)));
  if (!isPlainObject(value)) return value;
  const resolved: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(resolved, key, { value: await resolveFileReferences(item, promptyFile, at, readFile), enumerable: true, writable: true, configurable: true });
  }
  return resolved;
}

async function readReference(relative: string, promptyFile: string, at: TemplateLocation, readFile: GuardedRead): Promise<unknown> {
  const path = isAbsolute(relative) ? relative : join(dirname(promptyFile), relative);
  let text: string;
  try {
    text = (await readFile(path)).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) throw new TemplateTrustError(at, error.detailFor(relative));
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new TemplateError(at, `cannot read \`\${file:${relative}}\` (${path}): ${reason}`);
  }
  const extension = extname(path).toLowerCase();
  try {
    if (extension === '.json') return JSON.parse(text) as unknown;
    if (extension === '.yaml' || extension === '.yml') return parseYaml(text) as unknown;
  } catch (error) {
    throw new TemplateError(at, `\`\${file:${relative}}\` is not valid ${extension === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  return text;
}
