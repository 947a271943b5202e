// Typed access to the parts of nunjucks its type definitions leave out: the parser, the node classes and the
// compiler. They are exported by the package (nunjucks' own precompiler and extensions use them), and they are
// what lets us check a template's tree before it runs and compile a tree we adjusted.

import * as nunjucks from 'nunjucks';

export interface NunjucksNode {
  readonly typename: string;
  readonly fields: readonly string[];
  /** 0-based, in the template body. */
  lineno: number;
  colno: number;
  [field: string]: unknown;
}

export interface NunjucksNodeList extends NunjucksNode {
  children: NunjucksNode[];
}

type NodeClass = new (lineno: number, colno: number, ...fields: unknown[]) => NunjucksNode;

interface NunjucksInternals {
  parser: { parse(source: string, extensions: unknown[], options: object): NunjucksNodeList };
  nodes: {
    Node: NodeClass;
    NodeList: new (lineno: number, colno: number, children: NunjucksNode[]) => NunjucksNodeList;
    Filter: NodeClass;
    Symbol: NodeClass;
    Literal: NodeClass;
  };
  compiler: { Compiler: new (name: string, throwOnUndefined: boolean) => { compile(node: NunjucksNode): void; getCode(): string } };
  runtime: { SafeString: new (value: string) => { val: string } };
  Environment: typeof nunjucks.Environment;
  Template: new (source: { type: 'code'; obj: object }, env: nunjucks.Environment, path: string) => { render(context: object): string };
}

export const internals = nunjucks as unknown as NunjucksInternals;

/** A syntax or render error from nunjucks: `lineno`/`colno` are set for syntax errors only. */
export interface NunjucksError extends Error {
  lineno?: number;
  colno?: number;
}

export function isNode(value: unknown): value is NunjucksNode {
  return value instanceof internals.nodes.Node;
}

export function isNodeList(node: NunjucksNode): node is NunjucksNodeList {
  return node instanceof internals.nodes.NodeList;
}

/** The nodes a node holds: a NodeList's children, or its fields (some, like Compare's `ops`, are arrays). */
export function childNodes(node: NunjucksNode): NunjucksNode[] {
  if (isNodeList(node)) return node.children;
  const fields: unknown[] = node.fields.map((field) => node[field]);
  // A block `{% set x %}...{% endset %}` keeps its body outside the declared fields.
  if (node.typename === 'Set') fields.push(node.body);
  return fields.flatMap((field) => (Array.isArray(field) ? field : [field])).filter(isNode);
}
