// Reads the frontmatter's YAML with positions: every value, error and note points at its file line and column.

import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import { describeValue } from '../prompts/validation';
import { problem, type ProblemSeverity, type TemplateLocation, type TemplateProblem } from './template-error';

export interface Entry {
  key: string;
  /** Dotted path for messages: `model.parameters.max_tokens`. */
  path: string;
  keyNode: Node | null;
  node: Node | null;
  value: unknown;
}

export class FrontmatterReader {
  readonly problems: TemplateProblem[] = [];
  readonly document: Document;
  private readonly lines = new LineCounter();

  constructor(
    text: string,
    private readonly firstLine: number,
    readonly file: string,
  ) {
    this.document = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const error of this.document.errors) this.add('error', this.at(error.pos[0]), `invalid YAML: ${error.message}`);
    for (const warning of this.document.warnings) this.add('warning', this.at(warning.pos[0]), `YAML: ${warning.message}`);
  }

  /** The top-level mapping; anything else is an error (an empty frontmatter has no keys). */
  root(): YAMLMap | undefined {
    const contents = this.document.contents;
    if (contents === null) return undefined;
    if (isMap(contents)) return contents;
    const value = contents.toJS(this.document);
    this.error(contents, `the frontmatter must be a mapping of keys such as name, model and inputs; got ${describeValue(value)}`);
    return undefined;
  }

  /** A mapping's entries; `path` names the mapping in messages. */
  entries(map: YAMLMap, path: string): Entry[] {
    return map.items.map((pair) => {
      const keyNode = (pair.key as Node | null) ?? null;
      const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
      const node = (pair.value as Node | null) ?? null;
      const value = node === null ? null : node.toJS(this.document);
      return { key, path: path === '' ? key : `${path}.${key}`, keyNode, node, value };
    });
  }

  /** A mapping under `entry`, or undefined after an error saying what was expected. */
  mapOf(entry: Entry, expected: string): YAMLMap | undefined {
    if (isMap(entry.node)) return entry.node;
    this.error(entry.node ?? entry.keyNode, `\`${entry.path}\` must be ${expected}; got ${describeValue(entry.value)}`);
    return undefined;
  }

  locate(node: Node | null | undefined): TemplateLocation {
    return this.at(node?.range?.[0] ?? 0);
  }

  error(node: Node | null | undefined, detail: string): void {
    this.add('error', this.locate(node), detail);
  }

  warning(node: Node | null | undefined, detail: string): void {
    this.add('warning', this.locate(node), detail);
  }

  note(node: Node | null | undefined, detail: string): void {
    this.add('note', this.locate(node), detail);
  }

  private at(offset: number): TemplateLocation {
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line: line + this.firstLine - 1, column: col };
  }

  private add(severity: ProblemSeverity, location: TemplateLocation, detail: string): void {
    this.problems.push(problem(severity, location, detail));
  }
}

/** Sets an own property, so that a YAML key such as `__proto__` stays a key and never becomes a prototype. */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
