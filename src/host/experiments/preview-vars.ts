// The values a preview renders with: a .prompty's sample (inline, or its JSON file), or a row the user chose
// from a dataset. What cannot be read (or is refused in Restricted Mode) becomes a located problem for the
// preview to show.

import { datasetRow, DatasetError } from '../../core/datasets';
import type { FileAccess, GuardedRead } from '../../core/files/file-access';
import { loadSample, type PromptTemplate } from '../../core/templates';
import { admitPickedDataset } from '../../core/experiments/experiment-spec';
import type { PreviewVars } from './prompt-preview';

/** `readText` reads the sample file and its `${file:…}` values under the file access. */
export async function sampleVars(template: PromptTemplate, readText: GuardedRead): Promise<PreviewVars> {
  if (template.kind !== 'prompty' || template.sample === undefined) return { kind: 'none' };
  const sample = template.sample;
  try {
    const values = (await loadSample(template, readText)) ?? {};
    return sample.kind === 'file' ? { kind: 'sample', values, file: sample.path } : { kind: 'sample', values };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}

/** Row `index` (0-based) of a dataset file the user picked (CSV, TSV, JSONL, JSON or YAML; streamed up to that row). */
export async function rowVars(path: string, index: number, access: FileAccess): Promise<PreviewVars> {
  try {
    await admitPickedDataset(access, path);
    const row = await datasetRow(path, index);
    if (row === undefined) return { kind: 'unreadable', error: new DatasetError({ file: path, line: 1 }, `there is no row ${index + 1}: the file has fewer rows; choose another`) };
    return { kind: 'row', values: row.vars, file: path, index, line: row.line };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}
