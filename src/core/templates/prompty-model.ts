// `model:` of a .prompty. Parameters go to the deployment as they are, every one of them, as Prompty spreads
// them into its request (v1 openai/executor.py, chat branch: `**self.options`); their types are checked, since a wrong one would
// only fail later on the server. A `${file:…}` value is kept as written here and read by loadParameters. The
// configuration names a provider's deployment, which means nothing to a ScalarLM server, so only the model
// name in it is kept, as a hint. Prompty 2 spells these `model.id`, `model.apiType`, `model.connection` and
// `model.options` (camelCase names, which its migration.py maps from v1's): both spellings are read.

import type { GuardedRead } from '../files/file-access';
import { describeValue } from '../prompts/validation';
import { setOwn, type Entry, type FrontmatterReader } from './frontmatter-reader';
import { envReferenceDetail, envReferenceIn, fileReferencesIn, resolveFileReferences } from './prompty-files';
import { TemplateError } from './template-error';
import type { PromptyFile, PromptyModel } from './types';

/** The configuration keys that can name a model, in the order they are read. */
const modelNameKeys = ['model', 'name', 'azure_deployment'];

/** Prompty 2's `model.options` names, as the OpenAI request names them (its migration.py, read backwards). */
const optionNames: Record<string, string> = {
  maxOutputTokens: 'max_tokens',
  temperature: 'temperature',
  topP: 'top_p',
  frequencyPenalty: 'frequency_penalty',
  presencePenalty: 'presence_penalty',
  stopSequences: 'stop',
  seed: 'seed',
};

/** Parameters Prompty would send that cannot be sent as they are here. */
const refusedParameters: Record<string, string> = {
  stream: 'answers are read whole here; remove `stream`',
};

export function readModel(entry: Entry, reader: FrontmatterReader): PromptyModel {
  const model: PromptyModel = { parameters: {}, fileParameters: [] };
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
        readParameters(item, reader, model);
        break;
      case 'options':
        readOptions(item, reader, model);
        break;
      case 'configuration':
      case 'connection': {
        const hint = readConfiguration(item, reader);
        if (hint !== undefined) model.modelHint ??= hint;
        break;
      }
      case 'id':
        if (typeof item.value === 'string' && item.value.trim() !== '') model.modelHint = item.value.trim();
        else reader.error(item.node ?? item.keyNode, '`model.id` must be a model name');
        break;
      case 'api':
      case 'apiType':
        readApi(item, reader);
        break;
      case 'provider':
        reader.note(item.keyNode, `ignored provider setting \`${item.path}\`: prompts run on the ScalarLM deployment`);
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

/**
 * `model.api`: Prompty sends `chat` to chat completions, `completion` to completions with the rendered text,
 * `embedding` to embeddings (v1 openai/executor.py, `if self.api == "chat"` and the branches after it).
 * Only chat is sent here: refused rather than sent as a chat, which would be a different request.
 */
function readApi(item: Entry, reader: FrontmatterReader): void {
  if (item.value === 'chat') return;
  const reasons: Record<string, string> = {
    completion: 'a .prompty is sent as chat messages here, and a chat of its text is not the completion Prompty would request',
    embedding: "the deployment's ScalarLM server has no embedding route (/v1/embeddings is not served), so there is nothing to send it to",
  };
  const reason = typeof item.value === 'string' ? reasons[item.value] : undefined;
  reader.error(item.node ?? item.keyNode, `\`${item.path}: ${String(item.value)}\` is not supported: ${reason ?? 'only chat is'}`);
}

function readParameters(entry: Entry, reader: FrontmatterReader, model: PromptyModel): void {
  const map = reader.mapOf(entry, 'a mapping of parameters such as max_tokens and temperature');
  if (map === undefined) return;
  for (const item of reader.entries(map, entry.path)) setParameter(item.key, item, reader, model);
}

/** Prompty 2's `model.options`, each sent under its OpenAI name; `additionalProperties` as they are. */
function readOptions(entry: Entry, reader: FrontmatterReader, model: PromptyModel): void {
  const map = reader.mapOf(entry, 'a mapping of options such as maxOutputTokens and temperature');
  if (map === undefined) return;
  for (const item of reader.entries(map, entry.path)) {
    if (item.key === 'additionalProperties') {
      readParameters(item, reader, model);
      continue;
    }
    const name = Object.hasOwn(optionNames, item.key) ? optionNames[item.key] : undefined;
    if (name === undefined) reader.note(item.keyNode, `ignored key \`${item.path}\`: its OpenAI name is not known here (write it under model.options.additionalProperties)`);
    else setParameter(name, item, reader, model);
  }
}

function setParameter(key: string, item: Entry, reader: FrontmatterReader, model: PromptyModel): void {
  if (Object.hasOwn(refusedParameters, key)) return reader.error(item.keyNode, `\`${item.path}\` is not supported: ${refusedParameters[key]}`);
  if (key === 'model') return reader.note(item.keyNode, `ignored \`${item.path}\`: the model is chosen by the provider, scalarlm.model or --model`);
  const { line, column = 1 } = reader.locate(item.node ?? item.keyNode);
  const env = envReferenceIn(item.value);
  if (env !== undefined) return reader.error(item.node ?? item.keyNode, envReferenceDetail(env));
  if (fileReferencesIn(item.value).length > 0) {
    // Checked once read (loadParameters).
    model.fileParameters.push({ key, line, column });
    setOwn(model.parameters, key, item.value);
    return;
  }
  const problem = parameterProblem(key, item.value);
  if (problem === undefined) setOwn(model.parameters, key, item.value);
  else reader.error(item.node ?? item.keyNode, `\`${key}\` must be ${problem}; got ${describeValue(item.value)}`);
}

/** What a known parameter must be, when its value is not that. */
export function parameterProblem(key: string, value: unknown): string | undefined {
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
    case 'seed':
      return Number.isInteger(value) ? undefined : 'an integer';
    case 'frequency_penalty':
    case 'presence_penalty':
      return typeof value === 'number' && value >= -2 && value <= 2 ? undefined : 'a number from -2 to 2';
    case 'n':
      // Several choices in one answer: a cell keeps one answer, so the others would be lost without a word.
      return value === 1 ? undefined : '1 (a cell keeps one answer: ask for more with --repeat or evaluateOptions.repeat)';
    case 'tools':
      return Array.isArray(value) && value.every(isRecord) ? undefined : 'a list of tool definitions';
    case 'tool_choice':
      return typeof value === 'string' || isRecord(value) ? undefined : 'a string (auto, none, required) or a mapping';
    case 'response_format':
    case 'logit_bias':
      return isRecord(value) ? undefined : 'a mapping';
    case 'user':
      return typeof value === 'string' ? undefined : 'a string';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parameters as they are sent: each `${file:…}` read (`readFile` gets the path joined to the .prompty's
 * folder) and its value's type checked like a written one. Errors are at the parameter's line.
 */
export async function loadParameters(prompty: PromptyFile, readFile: GuardedRead): Promise<Record<string, unknown>> {
  const { parameters, fileParameters } = prompty.model;
  if (fileParameters.length === 0) return parameters;
  const loaded = { ...parameters };
  for (const { key, line, column } of fileParameters) {
    const at = { file: prompty.file, line, column };
    const value = await resolveFileReferences(parameters[key], prompty.file, at, readFile);
    const problem = parameterProblem(key, value);
    if (problem !== undefined) throw new TemplateError(at, `\`${key}\` must be ${problem}; its file holds ${describeValue(value)}`);
    setOwn(loaded, key, value);
  }
  return loaded;
}
