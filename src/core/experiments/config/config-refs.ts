// `$ref` in an experiment file, as promptfoo reads it (it dereferences the whole config): a mapping
// `{$ref: "#/assertionTemplates/polite"}` stands for the value that JSON pointer names in the same file,
// usually under `assertionTemplates`. The value keeps the lines where it is written, so problems with it point
// at the template. A reference to another file, or to nothing, is an error at the `$ref`.

import { describeNode, type YamlMap, type YamlNode } from '../../yaml/located-yaml';
import type { ProblemList } from './problem-list';

/** The tree with every local `$ref` replaced by what it names; problems for the others (left as they are). */
export function resolveRefs(root: YamlNode, problems: ProblemList): YamlNode {
  const resolving = new Set<YamlNode>();
  const visit = (node: YamlNode): YamlNode => {
    if (node.kind === 'list') return { ...node, items: node.items.map(visit) };
    if (node.kind !== 'map') return node;
    const ref = node.entries.find((entry) => entry.key === '$ref');
    if (ref === undefined) return { ...node, entries: node.entries.map((entry) => ({ ...entry, value: visit(entry.value) })) };
    const target = targetOf(root, ref.value, problems);
    if (target === undefined) return node;
    if (resolving.has(target)) {
      problems.error(ref.value.position, '`$ref` refers to itself, through the values it names');
      return node;
    }
    resolving.add(target);
    const resolved = visit(target);
    resolving.delete(target);
    return resolved;
  };
  return visit(root);
}

function targetOf(root: YamlNode, node: YamlNode, problems: ProblemList): YamlNode | undefined {
  const pointer = node.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
  if (pointer === undefined) {
    problems.error(node.position, `\`$ref\` must be a string such as "#/assertionTemplates/polite"; got ${describeNode(node)}`);
    return undefined;
  }
  if (!pointer.startsWith('#/')) {
    problems.error(node.position, `\`$ref: ${pointer}\` names another file: only references within this file ("#/assertionTemplates/name") are read here; copy the value in`);
    return undefined;
  }
  let found: YamlNode | undefined = root;
  for (const raw of pointer.slice(2).split('/')) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    found = found?.kind === 'map' ? (found as YamlMap).entries.find((entry) => entry.key === step)?.value : found?.kind === 'list' ? found.items[Number(step)] : undefined;
    if (found === undefined) break;
  }
  if (found === undefined) problems.error(node.position, `\`$ref: ${pointer}\` names nothing in this file; check the path (such as "#/assertionTemplates/polite")`);
  return found;
}
