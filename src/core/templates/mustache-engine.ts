// Mustache templates through mustache.js's parser. It is logic-less (a template cannot run code), so it also
// renders in Restricted Mode. Values are never HTML-escaped (prompts are not HTML), partials are refused (a
// template here loads no other file), and names resolve to the data's own properties only: `{{constructor}}`
// finds nothing instead of a function, and no value is ever called.

import Mustache from 'mustache';
import { LineIndex } from '../prompts/text';
import { unrenderable, type EngineProgram } from './engine-program';
import { checkMarkerLines, type TextRun } from './marker-check';
import { TemplateError } from './template-error';
import type { TemplateSource, VariableUse } from './types';
import { markValue, protectTemplateText, valueText } from './value-spans';

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

export function prepareMustache(source: TemplateSource): EngineProgram {
  const text = protectTemplateText(source.body);
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const { line, column } = lines.positionOf(offset);
    return { file: source.file, line: source.bodyStartLine + line - 1, column };
  };
  // A writer per template: mustache.js caches every template it parses, and the shared cache would keep each
  // version of a file typed in the editor.
  const writer = new SpanWriter((offset) => at(offset).line);
  let tokens: Token[];
  try {
    tokens = writer.parse(text) as Token[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = /at (\d+)$/.exec(message);
    const detail = `mustache syntax error: ${message.replace(/ at \d+$/, '')}`;
    return { variables: [], errors: [new TemplateError(at(offset === null ? 0 : Number(offset[1])), detail)], render: unrenderable };
  }

  const variables = new Map<string, VariableUse>();
  const errors: TemplateError[] = [];
  const runs: TextRun[] = [];
  const visit = (list: Token[], inSection: boolean): void => {
    for (const [type, value, start, end, children] of list) {
      if (type === 'text') {
        runs.push({ text: value, line: at(start).line, startsLine: start === 0 || text[start - 1] === '\n', endsLine: end === text.length || text[end] === '\n' });
      } else if (type === '>') {
        errors.push(new TemplateError(at(start), `partials ({{> ${value}}}) are not supported: a template here cannot load other files; put the text in this file`));
      } else if (type === 'name' || type === '&' || type === '#' || type === '^') {
        // Inside a section a name may be a field of the section's item, which only the data can tell.
        if (!inSection && value !== '.') {
          const name = value.split('.')[0];
          const { line, column } = at(start);
          if (!variables.has(name)) variables.set(name, { name, line, column, optional: false });
        }
        if (children !== undefined) visit(children, inSection || type === '#');
      }
    }
  };
  visit(tokens, false);
  errors.push(...runs.flatMap((run) => checkMarkerLines(run, source.file)));
  if (errors.length > 0) return { variables: [...variables.values()], errors, render: unrenderable };

  return {
    variables: [...variables.values()],
    errors,
    render: (vars) => writer.renderTokens(tokens as unknown as string[][], new OwnContext(vars), undefined, text),
  };
}

class SpanWriter extends Mustache.Writer {
  constructor(private readonly lineOf: (offset: number) => number) {
    super();
  }

  override escapedValue(token: string[], context: Mustache.Context): string {
    return this.value(token, context);
  }

  override unescapedValue(token: string[], context: Mustache.Context): string {
    return this.value(token, context);
  }

  private value(token: string[], context: Mustache.Context): string {
    return markValue(valueText(context.lookup(token[1])), this.lineOf(Number(token[2])));
  }
}

/** Mustache's name resolution (the first context holding the name's first part), over own properties only. */
class OwnContext extends Mustache.Context {
  override push(view: unknown): Mustache.Context {
    return new OwnContext(view, this);
  }

  override lookup(name: string): unknown {
    if (name === '.') return this.view;
    const [head, ...rest] = name.split('.');
    const holder = this.holderOf(head);
    if (holder === undefined) return undefined;
    let value: unknown = (holder.view as Record<string, unknown>)[head];
    for (const part of rest) value = hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
    return typeof value === 'function' ? undefined : value;
  }

  private holderOf(name: string): OwnContext | undefined {
    if (hasOwn(this.view, name)) return this;
    return this.parent instanceof OwnContext ? this.parent.holderOf(name) : undefined;
  }
}

function hasOwn(value: unknown, key: string): boolean {
  return value !== null && value !== undefined && Object.prototype.hasOwnProperty.call(value, key);
}
