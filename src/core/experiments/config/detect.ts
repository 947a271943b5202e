// Whether a YAML (or JSON) text is an experiment file: it has `prompts`, and `tests` or `providers`. The editor
// asks this of every YAML file it opens, to put CodeLens above those keys, so it tolerates broken text.

import { entryOf, parseYaml } from '../../yaml/located-yaml';
import type { SourcePosition } from './types';

export interface ExperimentSections {
  prompts: SourcePosition;
  tests?: SourcePosition;
  providers?: SourcePosition;
}

/** Where the sections' keys are, or undefined when the text is not an experiment file. */
export function experimentSections(text: string): ExperimentSections | undefined {
  // Most YAML files are not experiments: skip parsing those.
  if (!text.includes('prompts')) return undefined;
  const { root } = parseYaml(text);
  if (root === undefined || root.kind !== 'map') return undefined;
  const prompts = entryOf(root, 'prompts')?.keyPosition;
  const tests = entryOf(root, 'tests')?.keyPosition;
  const providers = entryOf(root, 'providers')?.keyPosition;
  if (prompts === undefined || (tests === undefined && providers === undefined)) return undefined;
  return { prompts, ...(tests !== undefined ? { tests } : {}), ...(providers !== undefined ? { providers } : {}) };
}

export function isExperimentConfig(text: string): boolean {
  return experimentSections(text) !== undefined;
}
