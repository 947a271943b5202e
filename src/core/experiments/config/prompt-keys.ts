// Labels and keys of prompts. The label is for people (promptfoo's rule: the label given, else the file
// path, else the text); the key matches a prompt's cells across runs, so it must not change when nothing
// about the prompt's identity did, and no two prompts of a config may share one.

import { createHash } from 'node:crypto';
import type { PromptPart } from './prompt-parts';
import type { FileMatch } from './resolve-files';
import type { PromptSpec } from './prompt-specs';
import type { ProblemList } from './problem-list';
import type { FilePrompt, InlinePrompt, PromptFileFormat, PromptRef } from './types';

const labelLength = 60;

/** A prompt spec with its file found (one per glob match). */
export type ResolvedPrompt = { spec: PromptSpec & { kind: 'inline' } } | { spec: PromptSpec & { kind: 'file' }; file: FileMatch; format: PromptFileFormat; part?: PromptPart };

export function finishPrompts(resolved: ResolvedPrompt[], problems: ProblemList): PromptRef[] {
  const prompts: PromptRef[] = [];
  const firstByKey = new Map<string, { prompt: PromptRef; labelled: boolean }>();
  for (const item of resolved) {
    const prompt = 'file' in item ? filePrompt(item.spec, item.file, item.format, item.part) : inlinePrompt(item.spec);
    const labelled = item.spec.label !== undefined;
    const first = firstByKey.get(prompt.key);
    if (first !== undefined) {
      problems.error(prompt, duplicateDetail(prompt, labelled && first.labelled, first.prompt.line));
      continue;
    }
    firstByKey.set(prompt.key, { prompt, labelled });
    prompts.push(prompt);
  }
  return prompts;
}

function inlinePrompt(spec: PromptSpec & { kind: 'inline' }): InlinePrompt {
  const { line, column, label, id, raw } = spec;
  const key = label ?? namedId(id) ?? `inline:${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
  return { kind: 'inline', key, label: label ?? shortened(raw), ...(id !== undefined ? { id } : {}), raw, line, column };
}

function filePrompt(spec: PromptSpec & { kind: 'file' }, file: FileMatch, format: PromptFileFormat, part: PromptPart | undefined): FilePrompt {
  const { line, column, label, id } = spec;
  // A label or id given to a glob names each match as promptfoo does: `label: path`; so does a part of a
  // file of several prompts (`label: path: text` there; the part's number here, which stays put as it is edited).
  const several = part !== undefined && part.count > 1;
  const where = several ? `${file.relativePath}#${part.index + 1}` : file.relativePath;
  const named = (name: string | undefined) => (name === undefined ? undefined : file.fromGlob || several ? `${name}: ${where}` : name);
  return {
    kind: 'file',
    key: named(label) ?? named(namedId(id)) ?? where,
    label: named(label) ?? (several ? `${where}: ${shortened(part.text)}` : file.relativePath),
    ...(part !== undefined ? { part } : {}),
    ...(id !== undefined ? { id } : {}),
    format,
    path: file.path,
    relativePath: file.relativePath,
    displayPath: file.displayPath,
    line,
    column,
  };
}

/** An id that names the prompt (not a `file://` path, which is where it comes from). */
function namedId(id: string | undefined): string | undefined {
  return id === undefined || id.startsWith('file://') ? undefined : id;
}

function shortened(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  return text.length <= labelLength ? text : `${text.slice(0, labelLength - 1)}…`;
}

function duplicateDetail(prompt: PromptRef, bothLabelled: boolean, firstLine: number): string {
  const lines = `(lines ${firstLine} and ${prompt.line})`;
  if (bothLabelled) return `two prompts have the label \`${prompt.key}\` ${lines}; labels must be unique, so that results can be told apart and matched between runs`;
  if (prompt.kind === 'file') return `the prompt \`${prompt.key}\` is listed twice ${lines}; list it once, or give each a different \`label\``;
  return `the same prompt is listed twice ${lines}; remove one, or give each a different \`label\``;
}
