// An experiment file's text -> its sections, checked, with every problem collected. Pure: no file is
// opened here (resolve-files.ts finds the files the config names), so the editor can run it as one types.

import { describeNode, parseYaml, type YamlEntry, type YamlMap, type YamlNode } from '../../yaml/located-yaml';
import { resolveRefs } from './config-refs';
import { ProblemList } from './problem-list';
import { readPromptSpecs, type PromptSpec } from './prompt-specs';
import { readProviders } from './providers';
import { defaultTestFile, readDefaultTest, readScenarios, readTestSpecs, type TestSpec } from './tests-section';
import type { ConfigLocations, DefaultTest, EvaluateOptions, ProviderRef, SourcePosition } from './types';

export interface ParsedConfig {
  description?: string;
  promptSpecs: PromptSpec[];
  providers: ProviderRef[];
  testSpecs: TestSpec[];
  defaultTest: DefaultTest;
  /** `defaultTest: file://…`: the file (read by loadExperimentConfig) and where it is named. */
  defaultTestFile?: SourcePosition & { pattern: string };
  evaluateOptions: EvaluateOptions;
  locations: ConfigLocations;
}

const sections = ['description', 'prompts', 'providers', 'tests', 'scenarios', 'defaultTest', 'evaluateOptions'] as const;
type Section = (typeof sections)[number];
const start: SourcePosition = { line: 1, column: 1 };

/** `parsed` is undefined when the text is not YAML or not a mapping (the problems say why). */
export function parseConfigText(text: string, file: string): { parsed?: ParsedConfig; problems: ProblemList } {
  const problems = new ProblemList(file);
  const { root, errors } = parseYaml(text);
  for (const error of errors) problems.error(error.position, `invalid YAML: ${error.message}`);
  if (errors.length > 0) return { problems };
  if (root === undefined || root.kind !== 'map') {
    problems.error(root?.position ?? start, 'an experiment file is a YAML mapping with `prompts`, `providers` and `tests`');
    return { problems };
  }

  const resolved = resolveRefs(root, problems) as YamlMap;
  const found = new Map<Section, YamlEntry>();
  for (const entry of resolved.entries) {
    if ((sections as readonly string[]).includes(entry.key)) found.set(entry.key as Section, entry);
    // What `$ref`s name is read where they name it.
    else if (entry.key !== 'assertionTemplates') problems.ignore(entry.key, entry.keyPosition);
  }
  const locations: ConfigLocations = {};
  for (const [section, entry] of found) locations[section] = entry.keyPosition;

  const promptsEntry = found.get('prompts');
  if (promptsEntry === undefined) problems.error(start, 'there are no `prompts`: list the templates to try, such as `prompts: [file://summarize.prompty]`');
  return {
    parsed: {
      ...readDescription(found.get('description')?.value, problems),
      promptSpecs: promptsEntry === undefined ? [] : readPromptSpecs(promptsEntry.value, problems),
      providers: readProviders(found.get('providers')?.value, problems, promptsEntry?.keyPosition ?? start),
      testSpecs: [...(found.has('tests') ? readTestSpecs(found.get('tests')!.value, file, problems) : []), ...(found.has('scenarios') ? readScenarios(found.get('scenarios')!.value, file, problems) : [])],
      defaultTest: readDefaultTest(found.get('defaultTest')?.value, file, problems),
      ...defaultTestFileOf(found.get('defaultTest')?.value),
      evaluateOptions: readEvaluateOptions(found.get('evaluateOptions')?.value, problems),
      locations,
    },
    problems,
  };
}

function defaultTestFileOf(node: YamlNode | undefined): { defaultTestFile?: SourcePosition & { pattern: string } } {
  const pattern = defaultTestFile(node);
  return pattern === undefined || node === undefined ? {} : { defaultTestFile: { pattern, ...node.position } };
}

function readDescription(node: YamlNode | undefined, problems: ProblemList): { description?: string } {
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return {};
  if (node.kind === 'scalar' && typeof node.value === 'string') return { description: node.value };
  problems.error(node.position, `\`description\` must be a string; got ${describeNode(node)}`);
  return {};
}

function readEvaluateOptions(node: YamlNode | undefined, problems: ProblemList): EvaluateOptions {
  const options: EvaluateOptions = { repeat: 1 };
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return options;
  if (node.kind !== 'map') {
    problems.error(node.position, `\`evaluateOptions\` must be a mapping such as \`{repeat: 3, maxConcurrency: 4}\`; got ${describeNode(node)}`);
    return options;
  }
  for (const { key, keyPosition, value } of node.entries) {
    if (key !== 'repeat' && key !== 'maxConcurrency') {
      problems.ignore(`evaluateOptions.${key}`, keyPosition);
      continue;
    }
    const number = value.kind === 'scalar' ? value.value : undefined;
    if (typeof number === 'number' && Number.isInteger(number) && number > 0) options[key] = number;
    else problems.error(value.position, `\`evaluateOptions.${key}\` must be a whole number of 1 or more; got ${describeNode(value)}`);
  }
  return options;
}
