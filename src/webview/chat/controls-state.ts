// What the controls show: each column's model list (the deployment's default first, named; adaptors with
// their parent; a chosen model the deployment no longer lists kept, marked) and the text of each field, per
// column (a comparison's columns each have their own; the stream checkbox is one). DOM-free.

import { shortModelName as shortModel, type ChatControls } from '../../protocol/chat';

export interface ModelOption {
  value: string;
  label: string;
  /** The whole name, for the tooltip. */
  title: string;
}

export function modelOptions(controls: ChatControls, column: number): ModelOption[] {
  const current = controls.models[column] ?? '';
  const defaultLabel = controls.defaultModel === undefined ? "Deployment's default" : `Default: ${shortModel(controls.defaultModel)}`;
  const options: ModelOption[] = [{ value: '', label: defaultLabel, title: controls.defaultModel ?? "The model the deployment uses when none is named" }];
  for (const choice of controls.choices ?? []) {
    const name = choice.label ?? shortModel(choice.id);
    const label = choice.parent === undefined ? name : `${name} (on ${shortModel(choice.parent)})`;
    options.push({ value: choice.id, label, title: choice.parent === undefined ? choice.id : `${choice.id}, adaptor of ${choice.parent}` });
  }
  if (current !== '' && !options.some((option) => option.value === current)) {
    const note = controls.choices === undefined ? '' : ' (not listed by the deployment)';
    options.push({ value: current, label: `${shortModel(current)}${note}`, title: current });
  }
  return options;
}

/** One column's fields as text, and what they are called. */
export interface ColumnTexts {
  /** "Model" in a single chat; "Model 2" in a comparison. */
  label: string;
  temperature: string;
  maxTokens: string;
  system: string;
  /** The collapsed system prompt's line. */
  systemSummary: string;
}

export interface FieldTexts {
  columns: ColumnTexts[];
  stream: boolean;
}

export function fieldTexts(controls: ChatControls): FieldTexts {
  const several = controls.columns.length > 1;
  return {
    columns: controls.columns.map((column, index) => ({
      label: several ? `Model ${index + 1}` : 'Model',
      temperature: column.temperature === undefined ? '' : String(column.temperature),
      maxTokens: String(column.maxTokens),
      system: column.system,
      systemSummary: column.system === '' ? 'System prompt (none)' : 'System prompt',
    })),
    stream: controls.transport === 'stream',
  };
}
