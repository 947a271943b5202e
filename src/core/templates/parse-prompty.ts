// Reads a .prompty (Prompty's format: YAML frontmatter, then a body of role markers and template text).
// It never throws for what the file says: every problem is kept on the result, with its line and column,
// so diagnostics can list them all while the file is typed; compiling the file throws the first error.

import { isMap } from 'yaml';
import { FrontmatterReader, setOwn, type Entry } from './frontmatter-reader';
import { splitFrontmatter } from './frontmatter';
import { readInputs, readInputSchema } from './prompty-inputs';
import { readModel } from './prompty-model';
import { readSample } from './prompty-sample';
import type { PromptyFile, TemplateEngine } from './types';

/** Prompty's descriptive keys: kept, with nothing to do. */
const metadataKeys = new Set(['$schema', 'version', 'authors', 'tags', 'metadata']);

const ignoredKeys: Record<string, string> = {
  outputs: 'outputs are not checked here',
  output: 'outputs are not checked here',
  base: 'Prompty inheritance is not supported; copy what the base file sets into this one',
};

export function parsePrompty(text: string, fileName: string): PromptyFile {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const split = splitFrontmatter(normalized, fileName);
  const prompty: PromptyFile = {
    kind: 'prompty',
    file: fileName,
    engine: 'jinja2',
    body: split.body,
    bodyStartLine: split.bodyStartLine,
    model: { parameters: {}, fileParameters: [] },
    inputs: [],
    frontmatter: {},
    problems: split.error === undefined ? [] : [split.error.toProblem()],
  };
  if (split.yaml === undefined) return prompty;

  const reader = new FrontmatterReader(split.yaml.text, split.yaml.firstLine, fileName);
  const root = reader.root();
  if (root !== undefined) {
    for (const entry of reader.entries(root, '')) {
      setOwn(prompty.frontmatter, entry.key, entry.value);
      readKey(entry, reader, prompty);
    }
  }
  prompty.problems.push(...reader.problems);
  return prompty;
}

function readKey(entry: Entry, reader: FrontmatterReader, prompty: PromptyFile): void {
  switch (entry.key) {
    case 'name':
    case 'description':
      if (typeof entry.value === 'string') prompty[entry.key] = entry.value;
      else reader.error(entry.node ?? entry.keyNode, `\`${entry.key}\` must be a string`);
      return;
    case 'model':
      prompty.model = readModel(entry, reader);
      return;
    case 'inputs':
    case 'input': // the spelling of Prompty's JavaScript runtime
      prompty.inputs = readInputs(entry, reader);
      return;
    case 'inputSchema':
      prompty.inputs = readInputSchema(entry, reader);
      return;
    case 'sample': {
      const sample = readSample(entry, reader);
      if (sample !== undefined) prompty.sample = sample;
      return;
    }
    case 'template': {
      const engine = readEngine(entry, reader);
      if (engine !== undefined) prompty.engine = engine;
      return;
    }
    default:
      if (metadataKeys.has(entry.key)) return;
      reader.note(entry.keyNode, `ignored key \`${entry.key}\`${entry.key in ignoredKeys ? `: ${ignoredKeys[entry.key]}` : ''}`);
  }
}

/**
 * `template: jinja2 | mustache`, Prompty's object form `template: {format: jinja2, parser: prompty}`, or
 * Prompty 2's `template: {format: {kind: jinja2}, parser: {kind: prompty}}` (its migration.py writes the
 * first two as the third).
 */
function readEngine(entry: Entry, reader: FrontmatterReader): TemplateEngine | undefined {
  if (typeof entry.value === 'string') return engineNamed(entry.value, entry, reader);
  const map = reader.mapOf(entry, 'jinja2, mustache, or a mapping such as {format: {kind: jinja2}, parser: {kind: prompty}}');
  if (map === undefined) return undefined;
  let engine: TemplateEngine | undefined;
  for (const item of reader.entries(map, 'template')) {
    if (item.key === 'format' || item.key === 'type') {
      const kind = kindOf(item, reader);
      if (typeof kind?.value === 'string') engine = engineNamed(kind.value, kind, reader);
      else reader.error(kind?.node ?? item.node, `\`${kind?.path ?? item.path}\` must be jinja2 or mustache`);
    } else if (item.key === 'parser') {
      const kind = kindOf(item, reader);
      if (kind?.value !== 'prompty') reader.note(kind?.node ?? item.node, `ignored \`template.parser: ${String(kind?.value)}\`: the body is always split at its role markers`);
    } else reader.note(item.keyNode, `ignored key \`${item.path}\``);
  }
  return engine;
}

/** The entry that names a kind: the value itself, or the `kind` of a mapping (other keys noted). */
function kindOf(entry: Entry, reader: FrontmatterReader): Entry | undefined {
  if (!isMap(entry.node)) return entry;
  let kind: Entry | undefined;
  for (const item of reader.entries(entry.node, entry.path)) {
    if (item.key === 'kind') kind = item;
    // `strict` guards against values that write role markers: here a value never makes a marker (value-spans.ts).
    else if (item.key !== 'strict') reader.note(item.keyNode, `ignored key \`${item.path}\``);
  }
  return kind;
}

function engineNamed(name: string, entry: Entry, reader: FrontmatterReader): TemplateEngine | undefined {
  const lower = name.trim().toLowerCase();
  if (lower === 'jinja2' || lower === 'mustache') return lower;
  reader.error(entry.node, `template engine \`${name}\` is not supported; use jinja2 or mustache`);
  return undefined;
}
