// JSON and YAML datasets: a list of test cases, read whole (a document has to be parsed in one piece).
// Each row keeps the line and column of its element, and a problem inside one points at the part it is about.

import { LineIndex } from '../prompts/text';
import { locatePath } from '../prompts/json-locating';
import { scanJson } from '../prompts/json-scanner';
import { readWholeText } from '../prompts/text';
import { describeYamlValue, nodeAt, parseYaml, plainValue } from '../yaml/located-yaml';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import { rowFromValue } from './object-rows';
import type { DatasetRow } from './types';

export async function jsonRows(path: string, file: string, notes: NoteOnce): Promise<DatasetRow[]> {
  const text = await readWholeText(path, { file });
  const lines = new LineIndex(text);
  const scan = scanJson(text, 1);
  if (!scan.ok) throw new DatasetError({ file, ...lines.positionOf(scan.offset) }, `invalid JSON: ${scan.problem}`);
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) {
    throw new DatasetError({ file, ...lines.positionOf(scan.root.start) }, 'expected a JSON array of test cases: [{"vars": {...}, "assert": [...]}, ...]');
  }
  const elements = scan.root.elements ?? [];
  return value.map((element, index) => {
    const node = elements[index];
    const locate = (valuePath: (string | number)[]) => lines.positionOf(locatePath(text, node, valuePath).start);
    return rowFromValue(element, { file, index, ...lines.positionOf(node.start), locate }, notes);
  });
}

export async function yamlRows(path: string, file: string, notes: NoteOnce): Promise<DatasetRow[]> {
  const { root, errors } = parseYaml(await readWholeText(path, { file }));
  if (errors.length > 0) throw new DatasetError({ file, ...errors[0].position }, `invalid YAML: ${errors[0].message}`);
  if (root === undefined) return [];
  if (root.kind !== 'list') {
    throw new DatasetError({ file, ...root.position }, 'expected a YAML list of test cases, each starting with `- vars:` (or `- description:`)');
  }
  return root.items.map((item, index) =>
    rowFromValue(plainValue(item), { file, index, ...item.position, describe: describeYamlValue, locate: (valuePath) => nodeAt(item, valuePath).position }, notes),
  );
}
