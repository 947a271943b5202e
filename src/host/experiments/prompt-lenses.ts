// Which CodeLens go where: above a .prompty's body (the first line after its frontmatter) the prompt's
// actions, above an experiment file's `prompts:` the experiment's. A YAML file that is not an experiment
// (no `prompts`, or neither `tests` nor `providers`) gets none.

import { experimentSections } from '../../core/experiments/config';
import { parsePrompty } from '../../core/templates';

export const PROMPT_FILE_COMMANDS = {
  runExperiment: 'scalarlm.runExperiment',
  previewCells: 'scalarlm.previewCells',
  runPromptWithSample: 'scalarlm.runPromptWithSample',
  runPromptOverDataset: 'scalarlm.runPromptOverDataset',
  previewPrompt: 'scalarlm.previewPrompt',
  chatWithPrompt: 'scalarlm.chatWithPrompt',
  compareModels: 'scalarlm.compareModels',
} as const;

export interface LensSpec {
  /** 0-based. */
  line: number;
  title: string;
  command: string;
  tooltip: string;
}

const promptyActions: Omit<LensSpec, 'line'>[] = [
  { title: 'Run with Sample', command: PROMPT_FILE_COMMANDS.runPromptWithSample, tooltip: "Send this prompt, rendered with its sample, to the deployment" },
  { title: 'Run over Dataset…', command: PROMPT_FILE_COMMANDS.runPromptOverDataset, tooltip: 'Render this prompt for every row of a CSV or JSONL file and send them all' },
  { title: 'Preview', command: PROMPT_FILE_COMMANDS.previewPrompt, tooltip: 'Show the rendered messages beside this file, updated as you type' },
  { title: 'Chat', command: PROMPT_FILE_COMMANDS.chatWithPrompt, tooltip: 'Open a chat that starts with this prompt rendered with its sample' },
  { title: 'Compare Models…', command: PROMPT_FILE_COMMANDS.compareModels, tooltip: 'Send this prompt, rendered with its sample, to several models side by side' },
];

const experimentActions: Omit<LensSpec, 'line'>[] = [
  { title: 'Run Experiment', command: PROMPT_FILE_COMMANDS.runExperiment, tooltip: 'Run every prompt on every provider for every test' },
  { title: 'Preview Cells', command: PROMPT_FILE_COMMANDS.previewCells, tooltip: 'Show how many cells this experiment makes and the first ones rendered' },
];

export function promptyLenses(text: string, lineCount: number): LensSpec[] {
  const { bodyStartLine } = parsePrompty(text, 'lens.prompty');
  const line = Math.max(0, Math.min(bodyStartLine - 1, lineCount - 1));
  return promptyActions.map((action) => ({ ...action, line }));
}

export function experimentLenses(text: string): LensSpec[] {
  const sections = experimentSections(text);
  if (sections === undefined) return [];
  return experimentActions.map((action) => ({ ...action, line: sections.prompts.line - 1 }));
}
