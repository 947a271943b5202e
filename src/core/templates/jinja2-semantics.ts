// Where nunjucks reads a template differently from Jinja2, a Jinja2 template's tree is rewritten to Jinja2's
// meaning (a .prompty is Jinja2; prompts written for promptfoo keep nunjucks' meaning, since promptfoo renders
// with nunjucks):
// - `{% for x in mapping %}` iterates the mapping's keys (nunjucks iterates nothing);
// - `mapping.items()`, `.keys()` and `.values()` are Jinja2's dict methods (nunjucks has none on objects).
// Both go through filters of our own (jinja2Filters), so nothing else about the template changes.

import { childNodes, internals, isNodeList, type NunjucksNode, type NunjucksNodeList } from './nunjucks-internals';

const iterate = '__scalarlm_iterate';
const dictMethods: Record<string, string> = { items: '__scalarlm_items', keys: '__scalarlm_keys', values: '__scalarlm_values' };

function isMapping(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What a dict method gives for a value that is no mapping: the value's own method when it has one (a list's). */
function otherwise(value: unknown, method: string): unknown {
  const own = (value as Record<string, unknown> | null | undefined)?.[method];
  if (typeof own === 'function') {
    const result: unknown = (own as () => unknown).call(value);
    return result !== null && typeof result === 'object' && Symbol.iterator in result ? Array.from(result as Iterable<unknown>) : result;
  }
  throw new Error(`\`${method}()\` needs a mapping; got ${value === null || value === undefined ? 'nothing' : typeof value}`);
}

export const jinja2Filters: Record<string, (value: unknown) => unknown> = {
  [iterate]: (value) => (isMapping(value) ? Object.keys(value) : value),
  [dictMethods.items]: (value) => (isMapping(value) ? Object.entries(value) : otherwise(value, 'items')),
  [dictMethods.keys]: (value) => (isMapping(value) ? Object.keys(value) : otherwise(value, 'keys')),
  [dictMethods.values]: (value) => (isMapping(value) ? Object.values(value) : otherwise(value, 'values')),
};

export const jinja2FilterNames: ReadonlySet<string> = new Set(Object.keys(jinja2Filters));

export function applyJinja2Semantics(root: NunjucksNodeList): void {
  rewrite(root);
}

function rewrite(node: NunjucksNode): NunjucksNode {
  if (isNodeList(node)) node.children = node.children.map(rewrite);
  else {
    for (const field of node.fields) {
      const value = node[field];
      if (Array.isArray(value)) node[field] = value.map((item: unknown) => (item instanceof internals.nodes.Node ? rewrite(item) : item));
      else if (value instanceof internals.nodes.Node) node[field] = rewrite(value);
    }
    if (node.typename === 'Set' && node.body instanceof internals.nodes.Node) node.body = rewrite(node.body);
  }
  if (node.typename === 'For' && (node.name as NunjucksNode).typename === 'Symbol') node.arr = filter(iterate, node.arr as NunjucksNode);
  if (node.typename === 'FunCall') {
    const callee = node.name as NunjucksNode;
    const method = callee.typename === 'LookupVal' ? (callee.val as NunjucksNode) : undefined;
    const name = method?.typename === 'Literal' ? dictMethods[String(method.value)] : undefined;
    if (name !== undefined && childNodes(node.args as NunjucksNode).length === 0) return filter(name, callee.target as NunjucksNode);
  }
  return node;
}

function filter(name: string, input: NunjucksNode): NunjucksNode {
  const { lineno, colno } = input;
  return new internals.nodes.Filter(lineno, colno, new internals.nodes.Symbol(lineno, colno, name), new internals.nodes.NodeList(lineno, colno, [input]));
}
