// `model:` of a .prompty. Parameters go to the deployment as they are (their types checked, since a wrong one
// would only fail later on the server); the configuration names a provider's deployment, which means nothing
// to a ScalarLM server, so only the model name in it is kept, as a hint.

import { describeValue } from '../prompts/validation';
import { setOwn, type Entry, type FrontmatterReader } from './frontmatter-reader';
import type { PromptyModel } from './types';

/** The configuration keys that can name a model, in the order they are read. */
const modelNameKeys = ['model', 'name', 'azure_deployment'];

export function readModel(entry: Entry, reader: FrontmatterReader): PromptyModel {
  const model: PromptyModel = { parameters: {} };
  if (typeof entry.value === 'string') {
    // Prompty 2 allows `model: <name>` for short.
    model.modelHint = entry.value;
    return model;
  }
  const map = reader.mapOf(entry, 'a mapping with parameters and configuration');
  if (map === undefined) return model;
  for (const item of reader.entries(map, entry.path)) {
    switch (item.key) {
      case 'parameters':
        readParameters(item, reader, model.parameters);
        break;
      case 'configuration': {
        const hint = readConfiguration(item, reader);
        if (hint !== undefined) model.modelHint = hint;
        break;
      }
      case 'api':
        if (item.value !== 'chat') reader.note(item.node, `ignored \`model.api: ${String(item.value)}\`: a .prompty is sent as chat messages`);
        break;
      case 'response':
        reader.note(item.keyNode, 'ignored key `model.response`: every answer is kept whole');
        break;
      default:
        reader.note(item.keyNode, `ignored key \`${item.path}\``);
    }
  }
  return model;
}

function readParameters(entry: Entry, reader: FrontmatterReader, parameters: Record<string, unknown>): void {
  const map = reader.mapOf(entry, 'a mapping of parameters such as max_tokens and temperature');
  if (map === undefined) return;
  for (const item of reader.entries(map, entry.path)) {
    const problem = parameterProblem(item.key, item.value);
    if (problem === undefined) setOwn(parameters, item.key, item.value);
    else reader.error(item.node ?? item.keyNode, `\`${item.key}\` must be ${problem}; got ${describeValue(item.value)}`);
  }
}

/** What a known parameter must be, when its value is not that. */
function parameterProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'max_tokens':
      return Number.isInteger(value) && (value as number) > 0 ? undefined : 'a positive integer';
    case 'temperature':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? undefined : 'a number of at least 0';
    case 'top_p':
      return typeof value === 'number' && value >= 0 && value <= 1 ? undefined : 'a number from 0 to 1';
    case 'stop':
      return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        ? undefined
        : 'a string or a list of strings';
    default:
      return undefined;
  }
}

function readConfiguration(entry: Entry, reader: FrontmatterReader): string | undefined {
  const map = reader.mapOf(entry, 'a mapping');
  if (map === undefined) return undefined;
  const items = reader.entries(map, entry.path);
  let hint: { key: string; value: string } | undefined;
  for (const key of modelNameKeys) {
    const item = items.find((candidate) => candidate.key === key);
    if (item === undefined || hint !== undefined) continue;
    if (typeof item.value === 'string' && item.value.trim() !== '') hint = { key, value: item.value.trim() };
  }
  for (const item of items) {
    if (item.key === hint?.key) continue;
    reader.note(item.keyNode, `ignored provider setting \`${item.path}\`: prompts run on the ScalarLM deployment`);
  }
  return hint?.value;
}
