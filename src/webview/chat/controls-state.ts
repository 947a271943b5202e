// What the controls show: each column's model list (the deployment's default first, named; adaptors with
// their parent; a chosen model the deployment no longer lists kept, marked) and the text of each field.
// DOM-free.

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
    const label = choice.parent === undefined ? shortModel(choice.id) : `${shortModel(choice.id)} (adaptor of ${shortModel(choice.parent)})`;
    options.push({ value: choice.id, label, title: choice.parent === undefined ? choice.id : `${choice.id}, adaptor of ${choice.parent}` });
  }
  if (current !== '' && !options.some((option) => option.value === current)) {
    const note = controls.choices === undefined ? '' : ' (not listed by the deployment)';
    options.push({ value: current, label: `${shortModel(current)}${note}`, title: current });
  }
  return options;
}

export interface FieldTexts {
  temperature: string;
  maxTokens: string;
  system: string;
  stream: boolean;
}

export function fieldTexts(controls: ChatControls): FieldTexts {
  return {
    temperature: controls.temperature === undefined ? '' : String(controls.temperature),
    maxTokens: String(controls.maxTokens),
    system: controls.system,
    stream: controls.transport === 'stream',
  };
}
