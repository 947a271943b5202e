// The values a preview renders with: a .prompty's sample (inline, or its JSON file), or a row the user chose
// from a dataset. What cannot be read becomes a located problem for the preview to show.

import { datasetRow, DatasetError } from '../../core/datasets';
import { loadSample, type PromptTemplate } from '../../core/templates';
import type { ReadText } from '../../core/experiments/experiment-prompts';
import type { PreviewVars } from './prompt-preview';

export async function sampleVars(template: PromptTemplate, readText: ReadText): Promise<PreviewVars> {
  if (template.kind !== 'prompty' || template.sample === undefined) return { kind: 'none' };
  const sample = template.sample;
  try {
    const values = (await loadSample(template, readText)) ?? {};
    return sample.kind === 'file' ? { kind: 'sample', values, file: sample.path } : { kind: 'sample', values };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}

/** Row `index` (0-based) of a dataset file (CSV, TSV, JSONL, JSON or YAML; streamed up to that row). */
export async function rowVars(path: string, index: number): Promise<PreviewVars> {
  try {
    const row = await datasetRow(path, index);
    if (row === undefined) return { kind: 'unreadable', error: new DatasetError({ file: path, line: 1 }, `there is no row ${index + 1}: the file has fewer rows; choose another`) };
    return { kind: 'row', values: row.vars, file: path, index, line: row.line };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}
