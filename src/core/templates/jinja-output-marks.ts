// Rewrites a Jinja2 tree so that every `{{ ... }}` output says where its text comes from (see value-spans.ts):
// an expression's value is data, wrapped by the value filter with the line of the expression; the template's
// own output coming back (a macro or caller() call, a `{% set %}...{% endset %}` block, a `{% filter %}`
// block, alone or through filters with literal arguments) goes through the template filter and keeps its
// markers. The decision is made from the tree, once: a variable that is ever set from an expression, or a
// loop or macro argument of the same name, is data.

import { childNodes, internals, type NunjucksNode, type NunjucksNodeList } from './nunjucks-internals';

export const valueFilter = '__scalarlm_value';
/** The same, printing values as nunjucks itself does (a template that renders as promptfoo renders it). */
export const nunjucksValueFilter = '__scalarlm_nunjucks_value';
export const templateFilter = '__scalarlm_template';

/** Outputs that are the template's own text, not values. */
const literalOutputs = new Set(['TemplateData', 'Literal']);

export function markOutputs(root: NunjucksNodeList, bodyStartLine: number, values: string = valueFilter): void {
  const blockSets = new Set<string>();
  const expressionSets = new Set<string>();
  const macros = new Set<string>();
  collect(root, blockSets, expressionSets, macros);
  for (const name of expressionSets) {
    blockSets.delete(name);
    macros.delete(name);
  }
  new OutputMarker(blockSets, macros, bodyStartLine, values).visit(root, new Set());
}

function collect(node: NunjucksNode, blockSets: Set<string>, expressionSets: Set<string>, macros: Set<string>): void {
  if (node.typename === 'Set') {
    for (const target of node.targets as NunjucksNode[]) (node.value === null ? blockSets : expressionSets).add(String(target.value));
  }
  if (node.typename === 'Macro') macros.add(String((node.name as NunjucksNode).value));
  for (const child of childNodes(node)) collect(child, blockSets, expressionSets, macros);
}

class OutputMarker {
  constructor(
    private readonly blockSets: ReadonlySet<string>,
    private readonly macros: ReadonlySet<string>,
    private readonly bodyStartLine: number,
    private readonly values: string,
  ) {}

  visit(node: NunjucksNode, bound: ReadonlySet<string>): void {
    if (node.typename === 'Output') {
      const output = node as NunjucksNodeList;
      output.children = output.children.map((child) => (literalOutputs.has(child.typename) ? child : this.wrap(child, bound)));
    }
    const inner = new Set(bound);
    if (node.typename === 'For' || node.typename === 'AsyncEach' || node.typename === 'AsyncAll') {
      const target = node.name as NunjucksNode;
      for (const symbol of target.typename === 'Symbol' ? [target] : (target as NunjucksNodeList).children) inner.add(String(symbol.value));
    }
    if (node.typename === 'Macro' || node.typename === 'Caller') {
      for (const arg of (node.args as NunjucksNodeList).children) {
        if (arg.typename === 'Symbol') inner.add(String(arg.value));
        else for (const pair of (arg as NunjucksNodeList).children) inner.add(String((pair.key as NunjucksNode).value));
      }
    }
    for (const child of childNodes(node)) this.visit(child, inner);
  }

  private wrap(expression: NunjucksNode, bound: ReadonlySet<string>): NunjucksNode {
    const { lineno, colno } = expression;
    const filter = this.isTemplateOutput(expression, bound) ? templateFilter : this.values;
    const line = new internals.nodes.Literal(lineno, colno, this.bodyStartLine + lineno);
    const args = new internals.nodes.NodeList(lineno, colno, [expression, line]);
    return new internals.nodes.Filter(lineno, colno, new internals.nodes.Symbol(lineno, colno, filter), args);
  }

  private isTemplateOutput(node: NunjucksNode, bound: ReadonlySet<string>): boolean {
    switch (node.typename) {
      case 'Capture':
        return true;
      case 'Symbol':
        return this.blockSets.has(String(node.value)) && !bound.has(String(node.value));
      case 'FunCall': {
        const name = node.name as NunjucksNode;
        if (name.typename !== 'Symbol') return false;
        const called = String(name.value);
        return called === 'caller' || (this.macros.has(called) && !bound.has(called));
      }
      case 'Filter': {
        const [input, ...rest] = (node.args as NunjucksNodeList).children;
        return input !== undefined && this.isTemplateOutput(input, bound) && rest.every(isLiteralArgument);
      }
      default:
        return false;
    }
  }
}

function isLiteralArgument(node: NunjucksNode): boolean {
  if (node.typename === 'Literal') return true;
  return node.typename === 'KeywordArgs' && (node as NunjucksNodeList).children.every((pair) => (pair.value as NunjucksNode).typename === 'Literal');
}
