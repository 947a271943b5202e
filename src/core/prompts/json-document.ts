// The 'json' format: an array of prompt entries, or a GenerateRequest-shaped object
// {"prompts": [...], "model"?, "max_tokens"?, "temperature"?, "tools"?, "tool_choice"?}.
// Each prompt keeps the lines of its element, and each problem points at the part it is about.

import { readBatchDefaults } from './batch-defaults';
import { describeValue, isPlainObject } from './describe-value';
import { entriesDepth, memberOf } from './json-nodes';
import { JsonTextLocator } from './json-text-locator';
import { scanJson, type JsonNode } from './json-scanner';
import type { ProblemSink } from './problem-sink';
import type { JsonPath, ParsedPrompts, PromptItem } from './prompt-types';
import { namedProblem, validatePromptEntry } from './validate-entry';

const documentShapes = 'a JSON array of prompts, or an object {"prompts": [...], "model"?: ..., "max_tokens"?: ...}';

/** `text` has no BOM. Problems go to the sink; the prompts that are valid are returned. */
export function parseJsonPromptDocument(text: string, file: string, sink: ProblemSink): ParsedPrompts {
  const locator = new JsonTextLocator(text, file);
  const scan = scanJson(text, entriesDepth(text));
  if (!scan.ok) {
    sink.error(() => locator.errorAt(scan.offset, `invalid JSON: ${scan.problem}`));
    return { items: [], defaults: {} };
  }
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return { items: promptsOf(value, scan.root, [], locator, sink), defaults: {} };
  if (isPlainObject(value)) return generateRequestOf(value, scan.root, locator, sink);
  sink.error(() => locator.errorAt(scan.root.start, `expected ${documentShapes}; got ${describeValue(value)}`));
  return { items: [], defaults: {} };
}

function generateRequestOf(
  request: Record<string, unknown>,
  node: JsonNode,
  locator: JsonTextLocator,
  sink: ProblemSink,
): ParsedPrompts {
  const { defaults, problems, warning } = readBatchDefaults(request);
  for (const { key, problem, atKey } of problems) {
    const member = memberOf(node, key);
    sink.error(() => locator.errorAt((atKey ? member?.keyStart : member?.value.start) ?? node.start, problem));
  }
  if (warning !== undefined) sink.warning(() => locator.warningAt(node.start, warning));

  const promptsNode = memberOf(node, 'prompts')?.value;
  if (promptsNode === undefined) {
    sink.error(() => locator.errorAt(node.start, `missing "prompts"; expected ${documentShapes}`));
    return { items: [], defaults };
  }
  const prompts = request.prompts;
  if (!Array.isArray(prompts)) {
    sink.error(() => locator.errorAt(promptsNode.start, `"prompts" must be an array of prompts; got ${describeValue(prompts)}`));
    return { items: [], defaults };
  }
  return { items: promptsOf(prompts, promptsNode, ['prompts'], locator, sink), defaults };
}

/** The entries of the array at `arrayPath`, each validated and given the lines of its element. */
function promptsOf(
  values: unknown[],
  arrayNode: JsonNode,
  arrayPath: JsonPath,
  locator: JsonTextLocator,
  sink: ProblemSink,
): PromptItem[] {
  const elements = arrayNode.elements ?? [];
  const items: PromptItem[] = [];
  values.forEach((value, index) => {
    const element = elements[index];
    const check = validatePromptEntry(value);
    if ('problem' in check) {
      sink.error(() => locator.errorIn(element, check, namedProblem([...arrayPath, index], check.problem)));
      return;
    }
    const warning = check.warning;
    if (warning !== undefined) sink.warning(() => locator.warningAt(element.start, namedProblem([...arrayPath, index], warning)));
    items.push({ entry: check.entry, origin: locator.originOf(element) });
  });
  return items;
}
