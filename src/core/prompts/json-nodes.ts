// Finds parts of a scanned JSON text: a member by key, an element by index, the node a path leads to.

import { scanJson, type JsonMember, type JsonNode } from './json-scanner';
import type { JsonPath } from './prompt-types';

/**
 * The node `path` leads to inside the value that spans `node` in `text`, as absolute offsets. Only the
 * value is scanned again, in full depth, so this costs nothing until a problem has to be located.
 */
export function locatePath(text: string, node: JsonNode, path: JsonPath): JsonNode {
  if (path.length === 0) return node;
  const scan = scanJson(text.slice(node.start, node.end), Infinity);
  if (!scan.ok) return node;
  let found = scan.root;
  for (const step of path) {
    const child = childAt(found, step);
    if (child === undefined) break;
    found = child;
  }
  return { start: node.start + found.start, end: node.start + found.end };
}

/** The element at an index, or the value of a key. */
export function childAt(node: JsonNode, step: string | number): JsonNode | undefined {
  return typeof step === 'number' ? node.elements?.[step] : memberOf(node, step)?.value;
}

/** The member with this key (the last one, as JSON.parse keeps the last duplicate). */
export function memberOf(node: JsonNode, key: string): JsonMember | undefined {
  const members = node.members ?? [];
  for (let index = members.length - 1; index >= 0; index--) {
    if (members[index].key === key) return members[index];
  }
  return undefined;
}

/**
 * The depth at which a document's entries have their spans recorded: the elements of a root array, or
 * those of an array inside a root object ({"prompts": [...]}, {"messages": [...]}). Recording no deeper
 * keeps a large document cheap; a problem deeper down is located by scanning its entry again.
 */
export function entriesDepth(text: string): number {
  return /^\s*\[/.test(text) ? 1 : 2;
}
