// `sample:` of a .prompty: input values for a preview, written inline or kept in a JSON file beside the
// .prompty (`sample: sample.json`, or Prompty's `sample: ${file:sample.json}`). A value that is itself a
// `${file:…}` is that file's content, as Prompty's loader reads every such value (prompty-files.ts).

import { dirname, isAbsolute, join } from 'node:path';
import { OutsideWorkspaceError, type GuardedRead } from '../files/file-access';
import { describeValue, isPlainObject } from '../prompts/validation';
import { LineIndex } from '../prompts/text';
import { scanJson } from '../prompts/json-scanner';
import type { Entry, FrontmatterReader } from './frontmatter-reader';
import { envReferenceDetail, envReferenceIn, resolveFileReferences } from './prompty-files';
import { TemplateError, TemplateTrustError } from './template-error';
import type { PromptyFile, PromptySample } from './types';

const fileReference = /^\$\{file:(.+)\}$/;

export function readSample(entry: Entry, reader: FrontmatterReader): PromptySample | undefined {
  const { line, column = 1 } = reader.locate(entry.node ?? entry.keyNode);
  if (isPlainObject(entry.value)) {
    const env = envReferenceIn(entry.value);
    if (env !== undefined) reader.error(entry.node, envReferenceDetail(env));
    return { kind: 'inline', values: entry.value, line, column };
  }
  if (typeof entry.value === 'string' && entry.value.trim() !== '') {
    const written = entry.value.trim();
    const relative = sampleReference(written);
    const path = isAbsolute(relative) ? relative : join(dirname(reader.file), relative);
    return { kind: 'file', path, written, line, column };
  }
  reader.error(entry.node ?? entry.keyNode, `\`sample\` must be a mapping of input values or the path of a JSON file; got ${describeValue(entry.value)}`);
  return undefined;
}

/**
 * The sample's input values: inline ones, or a sample file read with `readFile` and parsed as a JSON object;
 * `${file:…}` values in either read with `readFile` too (relative to the .prompty's folder). `readFile` gets
 * paths joined to the folder of `prompty.file`. Errors name the file at fault (the .prompty when a file cannot
 * be read); a file the access rule refuses is a TemplateTrustError where it is named.
 */
export async function loadSample(prompty: PromptyFile, readFile: GuardedRead): Promise<Record<string, unknown> | undefined> {
  const sample = prompty.sample;
  if (sample === undefined) return undefined;
  const values = await sampleValues(prompty, sample, readFile);
  const at = { file: prompty.file, line: sample.line, column: sample.column };
  return (await resolveFileReferences(values, prompty.file, at, readFile)) as Record<string, unknown>;
}

async function sampleValues(prompty: PromptyFile, sample: PromptySample, readFile: GuardedRead): Promise<Record<string, unknown>> {
  if (sample.kind === 'inline') return sample.values;
  let text: string;
  try {
    text = await readFile(sample.path);
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) throw new TemplateTrustError({ file: prompty.file, line: sample.line, column: sample.column }, error.detailFor(sampleReference(sample.written)));
    const reason = error instanceof Error ? error.message : String(error);
    throw new TemplateError({ file: prompty.file, line: sample.line, column: sample.column }, `cannot read the sample file ${sample.path}: ${reason}`);
  }
  text = text.replace(/^\uFEFF/, '');
  const scan = scanJson(text, 0);
  if (!scan.ok) {
    const { line, column } = new LineIndex(text).positionOf(scan.offset);
    throw new TemplateError({ file: sample.path, line, column }, `invalid JSON: ${scan.problem}`);
  }
  const values: unknown = JSON.parse(text);
  if (!isPlainObject(values)) {
    const { line, column } = new LineIndex(text).positionOf(scan.root.start);
    throw new TemplateError({ file: sample.path, line, column }, `a sample file must hold a JSON object of input values; got ${describeValue(values)}`);
  }
  return values;
}

/** The path `sample:` names: `${file:…}`'s, or the value itself. */
function sampleReference(written: string): string {
  return fileReference.exec(written)?.[1].trim() ?? written;
}
