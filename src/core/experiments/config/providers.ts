// The `providers` section: `scalarlm:<model>` ids, `{id, label, config}` objects, or promptfoo's
// `{<id>: {label, config}}` form. Anything else names the problem at its line.

import { describeNode, entryOf, type YamlMap, type YamlNode } from '../../yaml/located-yaml';
import type { ProblemList } from './problem-list';
import { parseProviderId, providerIdForm } from './provider-id';
import type { ProviderConfig, ProviderRef, SourcePosition } from './types';

const providerKeys = ['id', 'label', 'config', 'prompts'];
const configKeys = ['max_tokens', 'temperature', 'top_p', 'stop', 'transport'];

/** `node` is the value of `providers`, or undefined when there is none: then the deployment's default model. */
export function readProviders(node: YamlNode | undefined, problems: ProblemList, fallback: SourcePosition): ProviderRef[] {
  if (node === undefined) return [{ key: 'scalarlm:base', id: 'scalarlm:base', config: {}, ...fallback }];
  const providers: ProviderRef[] = [];
  const add = (provider: ProviderRef | undefined) => provider !== undefined && providers.push(provider);
  if (node.kind === 'scalar' && typeof node.value === 'string') add(fromId(node.value, node.position, problems));
  else if (node.kind === 'list') node.items.forEach((item) => add(fromItem(item, problems)));
  else if (node.kind === 'map') node.entries.forEach((entry) => add(fromKeyedEntry(entry.key, entry.keyPosition, entry.value, problems)));
  else problems.error(node.position, `\`providers\` must be a list of ${providerIdForm} ids or {id, label, config} objects; got ${describeNode(node)}`);
  if (node.kind === 'list' && node.items.length === 0) problems.error(node.position, `\`providers\` is empty; list at least one, such as \`- scalarlm:base\``);
  checkUnique(providers, problems);
  return providers;
}

function fromItem(item: YamlNode, problems: ProblemList): ProviderRef | undefined {
  if (item.kind === 'scalar' && typeof item.value === 'string') return fromId(item.value, item.position, problems);
  if (item.kind === 'map') {
    if (item.entries.some((entry) => providerKeys.includes(entry.key))) return fromObject(item, problems);
    if (item.entries.length === 1) {
      const [entry] = item.entries;
      return fromKeyedEntry(entry.key, entry.keyPosition, entry.value, problems);
    }
  }
  problems.error(item.position, `a provider is ${providerIdForm}, or {id, label, config}; got ${describeNode(item)}`);
  return undefined;
}

/** promptfoo's `- <id>: {label, config}`; also catches `- scalarlm: model`, which YAML reads as a mapping. */
function fromKeyedEntry(id: string, keyPosition: SourcePosition, value: YamlNode, problems: ProblemList): ProviderRef | undefined {
  if (value.kind === 'map') return fromObject(value, problems, { id, position: keyPosition });
  if (id.trim().toLowerCase() === 'scalarlm' && value.kind === 'scalar') {
    problems.error(keyPosition, `write \`scalarlm:${String(value.value ?? '')}\` with no space after the colon: YAML reads \`scalarlm: ${String(value.value ?? '')}\` as a mapping`);
    return undefined;
  }
  problems.error(keyPosition, `a provider is ${providerIdForm}, or {id, label, config}; got a mapping from \`${id}\` to ${describeNode(value)}`);
  return undefined;
}

function fromId(id: string, position: SourcePosition, problems: ProblemList, label?: string, config: ProviderConfig = {}): ProviderRef | undefined {
  const check = parseProviderId(id);
  if (!check.ok) {
    problems.error(position, check.problem);
    return undefined;
  }
  return {
    key: label ?? id,
    id,
    ...(label !== undefined ? { label } : {}),
    ...(check.model !== undefined ? { model: check.model } : {}),
    config,
    ...position,
  };
}

function fromObject(map: YamlMap, problems: ProblemList, keyed?: { id: string; position: SourcePosition }): ProviderRef | undefined {
  for (const entry of map.entries) {
    if (!providerKeys.includes(entry.key)) problems.ignore(`providers[].${entry.key}`, entry.keyPosition, `\`${entry.key}\` in a provider is not supported here and is ignored`);
  }
  const idNode = entryOf(map, 'id')?.value;
  let id = keyed?.id;
  if (idNode !== undefined) {
    if (idNode.kind === 'scalar' && typeof idNode.value === 'string') id = idNode.value;
    else problems.error(idNode.position, `a provider's \`id\` must be a string, ${providerIdForm}; got ${describeNode(idNode)}`);
  }
  if (id === undefined) {
    if (idNode === undefined) problems.error(map.position, `this provider has no \`id\`; add one, ${providerIdForm}`);
    return undefined;
  }
  const labelNode = entryOf(map, 'label')?.value;
  let label: string | undefined;
  if (labelNode !== undefined) {
    if (labelNode.kind === 'scalar' && typeof labelNode.value === 'string' && labelNode.value.trim() !== '') label = labelNode.value;
    else problems.error(labelNode.position, `a provider's \`label\` must be a non-empty string; got ${describeNode(labelNode)}`);
  }
  const configNode = entryOf(map, 'config')?.value;
  const config = configNode === undefined ? {} : readConfig(configNode, problems);
  const provider = fromId(id, keyed?.position ?? idNode?.position ?? map.position, problems, label, config);
  const promptsNode = entryOf(map, 'prompts')?.value;
  if (provider === undefined || promptsNode === undefined) return provider;
  const prompts = promptsNode.kind === 'list' && promptsNode.items.every((item) => item.kind === 'scalar' && typeof item.value === 'string') ? promptsNode.items.map((item) => String((item as { value: string }).value)) : undefined;
  if (prompts === undefined) {
    problems.error(promptsNode.position, `a provider's \`prompts\` lists the labels (or ids) of the prompts it runs, such as \`[concise, detailed]\`; got ${describeNode(promptsNode)}`);
    return provider;
  }
  return { ...provider, prompts };
}

function readConfig(node: YamlNode, problems: ProblemList): ProviderConfig {
  if (node.kind === 'scalar' && node.value === null) return {};
  if (node.kind !== 'map') {
    problems.error(node.position, `a provider's \`config\` must be a mapping such as \`{temperature: 0, max_tokens: 256}\`; got ${describeNode(node)}`);
    return {};
  }
  const config: ProviderConfig = {};
  for (const { key, keyPosition, value } of node.entries) {
    if (!configKeys.includes(key)) {
      problems.ignore(`providers[].config.${key}`, keyPosition, `\`config.${key}\` of a provider is not supported here and is ignored`);
      continue;
    }
    const problem = setConfigValue(config, key, value);
    if (problem !== undefined) problems.error(value.position, problem);
  }
  return config;
}

/** Sets one key of the subset, or says why its value cannot be used. */
function setConfigValue(config: ProviderConfig, key: string, node: YamlNode): string | undefined {
  const value = node.kind === 'scalar' ? node.value : undefined;
  const got = describeNode(node);
  switch (key) {
    case 'max_tokens':
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) config.max_tokens = value;
      else return `\`max_tokens\` must be a whole number above 0, such as 256; got ${got}`;
      return undefined;
    case 'temperature':
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) config.temperature = value;
      else return `\`temperature\` must be a number of 0 or more (0 decodes greedily); got ${got}`;
      return undefined;
    case 'top_p':
      if (typeof value === 'number' && value > 0 && value <= 1) config.top_p = value;
      else return `\`top_p\` must be a number above 0 and at most 1; got ${got}`;
      return undefined;
    case 'stop': {
      if (typeof value === 'string') config.stop = [value];
      else if (node.kind === 'list' && node.items.every((item) => item.kind === 'scalar' && typeof item.value === 'string')) {
        config.stop = node.items.map((item) => (item as { value: string }).value);
      } else return `\`stop\` must be a string or a list of strings; got ${got}`;
      return undefined;
    }
    case 'transport':
      if (value === 'batch' || value === 'chat') config.transport = value;
      else return `\`transport\` must be \`batch\` (the queue, greedy) or \`chat\` (sampling honoured); got ${got}`;
      return undefined;
  }
  return undefined;
}

function checkUnique(providers: ProviderRef[], problems: ProblemList): void {
  const byKey = new Map<string, ProviderRef>();
  for (const provider of providers) {
    const first = byKey.get(provider.key);
    if (first === undefined) {
      byKey.set(provider.key, provider);
      continue;
    }
    const what = provider.label !== undefined ? `the label \`${provider.key}\`` : `\`${provider.key}\``;
    problems.error(provider, `provider ${what} is listed twice (lines ${first.line} and ${provider.line}); give each a different \`label\``);
  }
}
