// The `prompts` section as written: inline templates, `file://` paths and globs, `{id, label, raw}` objects.
// Files are not looked at here (that is resolve-files.ts), so the editor can check the text as it is typed.

import { extname } from 'node:path';
import glob from 'fast-glob';
import { describeNode, entryOf, type YamlMap, type YamlNode } from '../../yaml/located-yaml';
import type { ProblemList } from './problem-list';
import type { PromptFileFormat, SourcePosition } from './types';

export type PromptSpec = SourcePosition & { label?: string; id?: string } & ({ kind: 'inline'; raw: string } | { kind: 'file'; pattern: string });

const fileScheme = 'file://';
const objectKeys = ['id', 'label', 'raw'];
const promptFormats: Record<string, PromptFileFormat> = { '.prompty': 'prompty', '.txt': 'text', '.md': 'text', '.j2': 'text', '.json': 'chat', '.yaml': 'chat', '.yml': 'chat', '.jsonl': 'chat' };
export const promptFileKinds = '.prompty, .txt, .md, .j2 (a template), .json, .yaml, .yml (chat messages) or .jsonl (chat messages, one prompt a line)';

export function promptFormatOf(path: string): PromptFileFormat | undefined {
  return promptFormats[extname(path).toLowerCase()];
}

export function readPromptSpecs(node: YamlNode, problems: ProblemList): PromptSpec[] {
  const specs: PromptSpec[] = [];
  const add = (spec: PromptSpec | undefined) => spec !== undefined && specs.push(spec);
  if (node.kind === 'scalar' && typeof node.value === 'string') add(fromText(node.value, node.position, problems));
  else if (node.kind === 'list') {
    for (const item of node.items) {
      if (item.kind === 'scalar' && typeof item.value === 'string') add(fromText(item.value, item.position, problems));
      else if (item.kind === 'map') add(fromObject(item, problems));
      else problems.error(item.position, `a prompt is a template string, a \`file://\` path or {id, label, raw}; got ${describeNode(item)}`);
    }
  } else {
    problems.error(node.position, `\`prompts\` must be a list of templates or \`file://\` paths; got ${describeNode(node)}`);
  }
  if (node.kind === 'list' && node.items.length === 0) problems.error(node.position, '`prompts` is empty; list at least one template or `file://` path');
  return specs;
}

/** `position` is where the text is (for problems with it); `at` where the prompt is (an object's start). */
function fromText(
  text: string,
  position: SourcePosition,
  problems: ProblemList,
  named: { label?: string; id?: string } = {},
  at: SourcePosition = position,
): PromptSpec | undefined {
  if (!text.startsWith(fileScheme)) {
    if (text.trim() === '') {
      problems.error(position, 'this prompt is empty; write the template, or `file://` and a path');
      return undefined;
    }
    if (/^[^\s]+\.(prompty|txt|md|json|j2|ya?ml|jsonl|csv|js|ts|py)$/i.test(text)) {
      problems.warning(position, `\`${text}\` is sent as the prompt text itself; to read the file, write \`file://${text}\``);
    }
    return { kind: 'inline', raw: text, ...named, line: at.line, column: at.column };
  }
  const pattern = text.slice(fileScheme.length).trim();
  if (pattern === '') {
    problems.error(position, '`file://` needs a path, such as `file://prompts/summarize.prompty`');
    return undefined;
  }
  // A glob's matches are checked one by one when they are found.
  if (!glob.isDynamicPattern(pattern) && promptFormatOf(pattern) === undefined) {
    problems.error(position, `prompt files here are ${promptFileKinds}; \`${pattern}\` cannot be used`);
    return undefined;
  }
  return { kind: 'file', pattern, ...named, line: at.line, column: at.column };
}

function fromObject(map: YamlMap, problems: ProblemList): PromptSpec | undefined {
  for (const entry of map.entries) {
    if (!objectKeys.includes(entry.key)) problems.ignore(`prompts[].${entry.key}`, entry.keyPosition, `\`${entry.key}\` in a prompt is not supported here and is ignored`);
  }
  const named: { label?: string; id?: string; raw?: string } = {};
  for (const key of objectKeys) {
    const value = entryOf(map, key)?.value;
    if (value === undefined) continue;
    if (value.kind === 'scalar' && typeof value.value === 'string') named[key as keyof typeof named] = value.value;
    else problems.error(value.position, `a prompt's \`${key}\` must be a string; got ${describeNode(value)}`);
  }
  const { raw, ...rest } = named;
  if (rest.label !== undefined && rest.label.trim() === '') {
    problems.error(entryOf(map, 'label')?.value.position ?? map.position, "a prompt's `label` must not be empty");
    return undefined;
  }
  // As in promptfoo, `raw` is the prompt, else `id` (which may be a file:// path).
  const sourceKey = raw !== undefined ? 'raw' : rest.id !== undefined ? 'id' : undefined;
  if (sourceKey === undefined) {
    if (entryOf(map, 'raw') === undefined && entryOf(map, 'id') === undefined) {
      problems.error(map.position, 'this prompt has no `raw` (the template) or `id` (such as `file://prompt.prompty`)');
    }
    return undefined;
  }
  const source = entryOf(map, sourceKey)!.value;
  return fromText(named[sourceKey]!, source.position, problems, rest, map.position);
}
