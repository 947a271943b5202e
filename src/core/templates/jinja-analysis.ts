// What a Jinja2 template needs before it runs, read from its tree: the variables it looks up at the top
// level (with their first line), and what it may not do here (load other files, use filters or tests
// nunjucks lacks). nunjucks' own `throwOnUndefined` only says "attempted to output null or undefined value"
// and misses values used in conditions and loops; this names the variable and its line.

import { childNodes, isNode, type NunjucksNode, type NunjucksNodeList } from './nunjucks-internals';
import { TemplateError } from './template-error';
import type { TemplateSource, VariableUse } from './types';

export interface JinjaNames {
  filters: ReadonlySet<string>;
  tests: ReadonlySet<string>;
  globals: ReadonlySet<string>;
}

export interface JinjaAnalysis {
  variables: VariableUse[];
  errors: TemplateError[];
}

const loaderTags: Record<string, string> = {
  Include: '{% include %}',
  Import: '{% import %}',
  FromImport: '{% from ... import %}',
  Extends: '{% extends %}',
};

/** Tests that ask whether a variable is there, so it may be missing. */
const presenceTests = new Set(['defined', 'undefined']);
const defaultFilters = new Set(['default', 'd']);

export function analyseJinja(root: NunjucksNodeList, source: TemplateSource, names: JinjaNames): JinjaAnalysis {
  return new Analysis(root, source, names).result();
}

class Analysis {
  private readonly uses = new Map<string, VariableUse>();
  /** Names tested with `is defined` anywhere: every use of them may be missing. */
  private readonly guarded = new Set<string>();
  /** `{% set %}` targets and macro names: defined by the template itself (wherever it sets them). */
  private readonly assigned = new Set<string>();
  private readonly errors: TemplateError[] = [];

  constructor(
    private readonly root: NunjucksNodeList,
    private readonly source: TemplateSource,
    private readonly names: JinjaNames,
  ) {}

  result(): JinjaAnalysis {
    this.collectAssigned(this.root);
    this.visit(this.root, new Set());
    const variables = [...this.uses.values()].map((use) => (this.guarded.has(use.name) ? { ...use, optional: true } : use));
    return { variables, errors: this.errors };
  }

  private collectAssigned(node: NunjucksNode): void {
    if (node.typename === 'Set') for (const target of node.targets as NunjucksNode[]) this.assigned.add(String(target.value));
    if (node.typename === 'Macro') this.assigned.add(String((node.name as NunjucksNode).value));
    for (const child of childNodes(node)) this.collectAssigned(child);
  }

  private visit(node: unknown, bound: ReadonlySet<string>): void {
    if (!isNode(node)) return;
    switch (node.typename) {
      case 'Symbol':
        return this.use(node, bound, false);
      case 'Include':
      case 'Import':
      case 'FromImport':
      case 'Extends':
        this.errors.push(
          this.error(node, `${loaderTags[node.typename]} is not supported: a template here cannot load other files; put what it needs in this file`),
        );
        return;
      case 'Filter':
        return this.filter(node, bound);
      case 'Is':
        return this.test(node, bound);
      case 'Dict':
      case 'KeywordArgs':
        // Pair keys written as bare names are strings (dict keys, keyword argument names), not lookups.
        for (const pair of (node as NunjucksNodeList).children) {
          if ((pair.key as NunjucksNode).typename !== 'Symbol') this.visit(pair.key, bound);
          this.visit(pair.value, bound);
        }
        return;
      case 'For':
      case 'AsyncEach':
      case 'AsyncAll':
        return this.loop(node, bound);
      case 'Macro':
      case 'Caller':
        return this.macro(node, bound);
      case 'Set':
        this.visit(node.value, bound);
        this.visit(node.body, bound);
        return;
      case 'Block':
        this.visit(node.body, bound);
        return;
      default:
        for (const child of childNodes(node)) this.visit(child, bound);
    }
  }

  private use(symbol: NunjucksNode, bound: ReadonlySet<string>, optional: boolean): void {
    const name = String(symbol.value);
    if (bound.has(name) || this.assigned.has(name) || this.names.globals.has(name)) return;
    const known = this.uses.get(name);
    if (known === undefined) this.uses.set(name, { name, line: this.line(symbol), column: symbol.colno + 1, optional });
    else if (known.optional && !optional) this.uses.set(name, { ...known, line: this.line(symbol), column: symbol.colno + 1, optional: false });
  }

  private filter(node: NunjucksNode, bound: ReadonlySet<string>): void {
    const name = String((node.name as NunjucksNode).value);
    if (!this.names.filters.has(name)) this.errors.push(this.error(node.name as NunjucksNode, `unknown filter \`${name}\``));
    const [first, ...rest] = (node.args as NunjucksNodeList).children;
    if (defaultFilters.has(name) && first?.typename === 'Symbol') this.use(first, bound, true);
    else this.visit(first, bound);
    for (const arg of rest) this.visit(arg, bound);
  }

  private test(node: NunjucksNode, bound: ReadonlySet<string>): void {
    const left = node.left as NunjucksNode;
    const right = node.right as NunjucksNode;
    const testSymbol = right.typename === 'FunCall' ? (right.name as NunjucksNode) : right;
    const name = String(testSymbol.value);
    if (!this.names.tests.has(name)) this.errors.push(this.error(testSymbol, `unknown test \`${name}\``));
    if (presenceTests.has(name) && left.typename === 'Symbol') {
      this.guarded.add(String(left.value));
      this.use(left, bound, true);
    } else this.visit(left, bound);
    if (right.typename === 'FunCall') this.visit(right.args, bound);
  }

  private loop(node: NunjucksNode, bound: ReadonlySet<string>): void {
    this.visit(node.arr, bound);
    const target = node.name as NunjucksNode;
    const targets = target.typename === 'Symbol' ? [target] : (target as NunjucksNodeList).children;
    const inner = new Set([...bound, 'loop', ...targets.map((symbol) => String(symbol.value))]);
    this.visit(node.body, inner);
    this.visit(node.else_, bound);
  }

  private macro(node: NunjucksNode, bound: ReadonlySet<string>): void {
    const inner = new Set([...bound, 'caller', 'varargs', 'kwargs']);
    for (const arg of (node.args as NunjucksNodeList).children) {
      if (arg.typename === 'Symbol') inner.add(String(arg.value));
      else if (arg.typename === 'KeywordArgs') {
        for (const pair of (arg as NunjucksNodeList).children) {
          inner.add(String((pair.key as NunjucksNode).value));
          this.visit(pair.value, bound);
        }
      }
    }
    this.visit(node.body, inner);
  }

  private line(node: NunjucksNode): number {
    return this.source.bodyStartLine + node.lineno;
  }

  private error(node: NunjucksNode, detail: string): TemplateError {
    return new TemplateError({ file: this.source.file, line: this.line(node), column: node.colno + 1 }, detail);
  }
}
