// The inputs of a .prompty, in each form Prompty has written them:
// - v1: `inputs: {name: {type, default, description}}`, or the short form `inputs: {name: default}`;
// - Prompty 2 now: `inputs:` as a list of `{name, kind, default, description, required, …}` (its schema's
//   `Prompty.inputs: Property[]`);
// - earlier 2.x: `inputSchema: {properties: [{name, kind, default, …}]}` (what its migration.py turns v1
//   `inputs` into; `properties` may also be a mapping of names).

import { isMap, isSeq, type Node } from 'yaml';
import type { Entry, FrontmatterReader } from './frontmatter-reader';
import type { PromptyInput } from './types';

const specKeys = new Set(['type', 'default', 'description', 'sample', 'required', 'kind']);
/** Fields of an input that change nothing here: every input a template uses needs a value anyway. */
const acceptedKeys = new Set(['required', 'example', 'enumValues']);

export function readInputs(entry: Entry, reader: FrontmatterReader): PromptyInput[] {
  if (isSeq(entry.node)) return readList(entry.node.items as Node[], entry.path, reader);
  const map = reader.mapOf(entry, 'a mapping of input names, or a list of {name, kind, default}');
  if (map === undefined) return [];
  return reader.entries(map, entry.path).map((item) => {
    const { line, column = 1 } = reader.locate(item.keyNode);
    const input: PromptyInput = { name: item.key, hasDefault: false, line, column };
    if (!isMap(item.node) || !isSpec(item.value)) {
      // The short form: the value is the default (an empty value declares the input without one).
      if (item.value !== null) Object.assign(input, { default: item.value, hasDefault: true });
      return input;
    }
    readFields(reader.entries(item.node, item.path), input, reader);
    return input;
  });
}

/** `inputSchema: {properties: …}` of earlier Prompty 2 files. */
export function readInputSchema(entry: Entry, reader: FrontmatterReader): PromptyInput[] {
  if (typeof entry.value === 'string' && entry.value.trim().startsWith('${')) {
    reader.error(entry.node, `\`inputSchema: ${entry.value.trim()}\` is not read here: write its properties in the frontmatter (inputs: [{name, kind, default}])`);
    return [];
  }
  const map = reader.mapOf(entry, 'a mapping with `properties`, a list of {name, kind, default}');
  if (map === undefined) return [];
  let inputs: PromptyInput[] = [];
  for (const item of reader.entries(map, entry.path)) {
    if (item.key === 'properties') inputs = readInputs(item, reader);
    else reader.note(item.keyNode, `ignored key \`${item.path}\``);
  }
  return inputs;
}

function readList(items: readonly Node[], path: string, reader: FrontmatterReader): PromptyInput[] {
  const inputs: PromptyInput[] = [];
  items.forEach((node, index) => {
    const where = `${path}[${index}]`;
    if (!isMap(node)) {
      reader.error(node, `\`${where}\` must be a mapping such as {name: question, kind: string}`);
      return;
    }
    const fields = reader.entries(node, where);
    const name = fields.find((field) => field.key === 'name');
    if (name === undefined || typeof name.value !== 'string' || name.value.trim() === '') {
      reader.error(name?.node ?? node, `\`${where}\` needs a \`name\`: the variable the template uses`);
      return;
    }
    const { line, column = 1 } = reader.locate(name.node);
    const input: PromptyInput = { name: name.value.trim(), hasDefault: false, line, column };
    readFields(
      fields.filter((field) => field !== name),
      input,
      reader,
    );
    inputs.push(input);
  });
  return inputs;
}

function readFields(fields: readonly Entry[], input: PromptyInput, reader: FrontmatterReader): void {
  for (const field of fields) {
    switch (field.key) {
      case 'type':
      case 'kind':
        if (field.value === 'thread') reader.error(field.node, threadDetail(input.name));
        else if (typeof field.value === 'string') input.type = field.value;
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
        if (!acceptedKeys.has(field.key)) reader.note(field.keyNode, `ignored key \`${field.path}\``);
    }
  }
}

/**
 * Prompty 2 splices a `thread` input's messages into the conversation where it is rendered
 * (tests/prompts/threaded.prompty); rendered here, it would be the messages' JSON inside one message.
 */
function threadDetail(name: string): string {
  return `a \`thread\` input is not supported: write its messages with a loop, \`{% for m in ${name} %}\`, a line \`{{ m.role }}:\` and a line \`{{ m.content }}\` in it`;
}

/** The long form is a mapping with at least one of the keys an input declaration has. */
function isSpec(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((key) => specKeys.has(key));
}
