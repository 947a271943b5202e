// YAML (and JSON, which YAML 1.2 reads too) parsed into a small tree whose every node knows its line and
// column, so that a problem found while validating a value can point at it. Aliases are followed and `<<`
// merge keys applied here, once, so validators see plain maps, lists and scalars.

import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Alias, type Document, type Node } from 'yaml';

/** 1-based; columns count UTF-16 code units, as editors do. */
export interface Position {
  line: number;
  column: number;
}

export type YamlNode = YamlMap | YamlList | YamlScalar;

export interface YamlMap {
  kind: 'map';
  position: Position;
  /** Unique keys: the explicit ones in document order, then those merged in by `<<` (explicit keys win). */
  entries: YamlEntry[];
}

export interface YamlEntry {
  key: string;
  keyPosition: Position;
  value: YamlNode;
}

export interface YamlList {
  kind: 'list';
  position: Position;
  items: YamlNode[];
}

export interface YamlScalar {
  kind: 'scalar';
  position: Position;
  value: unknown;
}

export interface YamlProblem {
  position: Position;
  message: string;
}

export interface YamlText {
  /** Undefined for an empty document. */
  root?: YamlNode;
  /** Syntax errors, duplicate keys, bad aliases; the tree holds what could be read around them. */
  errors: YamlProblem[];
}

/** Deeper aliases than this are taken for a cycle (`&a [*a]`) rather than followed forever. */
const maxAliasDepth = 64;

export function parseYaml(text: string): YamlText {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, merge: true, prettyErrors: true, uniqueKeys: true });
  const positionAt = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const errors: YamlProblem[] = [...doc.errors, ...doc.warnings].map((problem) => ({
    position: positionAt(problem.pos[0]),
    message: firstLine(problem.message),
  }));
  const builder = new TreeBuilder(doc, positionAt, errors);
  const root = doc.contents === null ? undefined : builder.build(doc.contents as Node, positionAt(0), 0);
  errors.sort((a, b) => a.position.line - b.position.line || a.position.column - b.position.column);
  return { root, errors };
}

/** The value as plain JavaScript (objects, arrays, scalars), for values that are kept as given. */
export function plainValue(node: YamlNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'list') return node.items.map(plainValue);
  const object: Record<string, unknown> = {};
  for (const entry of node.entries) setOwn(object, entry.key, plainValue(entry.value));
  return object;
}

/** Assigns as an own property even for a key such as `__proto__`, which plain assignment would not. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

export function entryOf(map: YamlMap, key: string): YamlEntry | undefined {
  return map.entries.find((entry) => entry.key === key);
}

/** The node a path of keys and indexes leads to, or the deepest node on the way. */
export function nodeAt(node: YamlNode, path: readonly (string | number)[]): YamlNode {
  let found = node;
  for (const step of path) {
    const next =
      found.kind === 'map' && typeof step === 'string'
        ? entryOf(found, step)?.value
        : found.kind === 'list' && typeof step === 'number'
          ? found.items[step]
          : undefined;
    if (next === undefined) break;
    found = next;
  }
  return found;
}

/** Where the last key of `path` is written (for a problem about the key itself), else where its value is. */
export function keyPositionAt(node: YamlNode, path: readonly (string | number)[]): Position {
  const last = path[path.length - 1];
  const parent = nodeAt(node, path.slice(0, -1));
  if (typeof last === 'string' && parent.kind === 'map') {
    const entry = entryOf(parent, last);
    if (entry !== undefined) return entry.keyPosition;
  }
  return nodeAt(node, path).position;
}

/** Names what a node is, for the "got ..." half of a message, in YAML's words. */
export function describeNode(node: YamlNode): string {
  if (node.kind === 'list') return node.items.length === 0 ? 'an empty list' : 'a list';
  if (node.kind === 'map') return node.entries.length === 0 ? 'an empty mapping' : 'a mapping';
  return describeYamlValue(node.value);
}

/** The same for a plain value read from YAML. */
export function describeYamlValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return value === '' ? 'an empty string' : `the string "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'an empty mapping' : 'a mapping';
  return typeof value;
}

/** yaml's messages end with a code excerpt and repeat the position: keep the first line, without it. */
function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').trim();
}

class TreeBuilder {
  constructor(
    private readonly doc: Document,
    private readonly positionAt: (offset: number) => Position,
    private readonly errors: YamlProblem[],
  ) {}

  build(node: Node | null, fallback: Position, depth: number): YamlNode {
    if (node === null) return { kind: 'scalar', position: fallback, value: null };
    const position = node.range ? this.positionAt(node.range[0]) : fallback;
    if (isAlias(node)) return this.followAlias(node, position, depth);
    if (isScalar(node)) return { kind: 'scalar', position, value: node.value };
    if (isSeq(node)) return { kind: 'list', position, items: node.items.map((item) => this.build(item as Node, position, depth)) };
    if (isMap(node)) return { kind: 'map', position, entries: this.entriesOf(node.items, position, depth) };
    return { kind: 'scalar', position, value: null };
  }

  private followAlias(node: Alias, position: Position, depth: number): YamlNode {
    const target = node.resolve(this.doc);
    if (target === undefined || depth >= maxAliasDepth) {
      this.errors.push({ position, message: `the alias *${node.source} cannot be resolved (undefined or recursive)` });
      return { kind: 'scalar', position, value: null };
    }
    return this.build(target as Node, position, depth + 1);
  }

  private entriesOf(pairs: unknown[], position: Position, depth: number): YamlEntry[] {
    const explicit: YamlEntry[] = [];
    const merged: YamlEntry[] = [];
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      const keyPosition = keyNode?.range ? this.positionAt(keyNode.range[0]) : position;
      const value = this.build(pair.value as Node | null, keyPosition, depth);
      if (isMergeKey(keyNode)) {
        const sources = value.kind === 'list' ? value.items : [value];
        for (const source of sources) {
          if (source.kind === 'map') merged.push(...source.entries);
          else this.errors.push({ position: source.position, message: 'a `<<` merge key takes a mapping or a list of mappings' });
        }
        continue;
      }
      explicit.push({ key: keyText(keyNode), keyPosition, value });
    }
    const entries = explicit;
    const seen = new Set(explicit.map((entry) => entry.key));
    for (const entry of merged) {
      if (seen.has(entry.key)) continue;
      seen.add(entry.key);
      entries.push(entry);
    }
    return entries;
  }
}

function isMergeKey(key: Node | null): boolean {
  return isScalar(key) && typeof key.value === 'symbol' && key.value.description === '<<';
}

function keyText(key: Node | null): string {
  if (key === null) return '';
  if (isScalar(key)) return String(key.value ?? '');
  return JSON.stringify(key.toJSON());
}
