// `inputs:` of a .prompty: each name with its type, default and description, or the short form
// `inputs: {name: default}`.

import { isMap } from 'yaml';
import type { Entry, FrontmatterReader } from './frontmatter-reader';
import type { PromptyInput } from './types';

const specKeys = new Set(['type', 'default', 'description', 'sample', 'required', 'kind']);

export function readInputs(entry: Entry, reader: FrontmatterReader): PromptyInput[] {
  const map = reader.mapOf(entry, 'a mapping of input names');
  if (map === undefined) return [];
  return reader.entries(map, entry.path).map((item) => {
    const { line, column = 1 } = reader.locate(item.keyNode);
    const input: PromptyInput = { name: item.key, hasDefault: false, line, column };
    if (!isMap(item.node) || !isSpec(item.value)) {
      // The short form: the value is the default (an empty value declares the input without one).
      if (item.value !== null) Object.assign(input, { default: item.value, hasDefault: true });
      return input;
    }
    for (const field of reader.entries(item.node, item.path)) {
      switch (field.key) {
        case 'type':
        case 'kind':
          if (typeof field.value === 'string') input.type = field.value;
          else reader.error(field.node, `\`${field.path}\` must be a type name such as string, number or array`);
          break;
        case 'description':
          if (typeof field.value === 'string') input.description = field.value;
          else reader.error(field.node, `\`${field.path}\` must be a string`);
          break;
        case 'default':
          Object.assign(input, { default: field.value, hasDefault: true });
          break;
        default:
          reader.note(field.keyNode, `ignored key \`${field.path}\``);
      }
    }
    return input;
  });
}

/** The long form is a mapping with at least one of the keys an input declaration has. */
function isSpec(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((key) => specKeys.has(key));
}
