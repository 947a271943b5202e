// The Train Adaptor form: one quick pick listing the arguments with their values (the server's defaults
// until changed) and what each means; picking one asks for its value, "Start Training" sends. Escape at the
// list cancels; Escape in a field keeps its value.

import * as vscode from 'vscode';
import { readFormValue, TRAIN_FORM, type TrainFormField } from '../../host/training/train-form';

interface FormItem extends vscode.QuickPickItem {
  field?: TrainFormField;
}

/** The values given (undefined = the server's default), or undefined when the user cancelled. */
export async function askTrainingArguments(what: string, baseModel: string | undefined): Promise<Record<string, unknown> | undefined> {
  const values: Record<string, unknown> = {};
  for (;;) {
    const start: FormItem = { label: '$(play) Start Training', description: what, alwaysShow: true };
    const items: FormItem[] = [start, { label: 'Training arguments', kind: vscode.QuickPickItemKind.Separator }, ...TRAIN_FORM.map((field) => fieldItem(field, values[field.name], baseModel))];
    const picked = await vscode.window.showQuickPick(items, { title: 'ScalarLM: Train Adaptor', placeHolder: 'Start, or pick an argument to change it (each starts at the server\'s default)', ignoreFocusOut: true, matchOnDescription: true });
    if (!picked) return undefined;
    if (!picked.field) return values;
    const value = await askField(picked.field, values[picked.field.name]);
    if (value !== KEEP) values[picked.field.name] = value;
  }
}

const KEEP = Symbol('keep');

function fieldItem(field: TrainFormField, value: unknown, baseModel: string | undefined): FormItem {
  const shown = value === undefined ? `${defaultOf(field, baseModel)} (server default)` : String(value);
  return { label: `${field.title}: ${shown}`, detail: field.description, field };
}

function defaultOf(field: TrainFormField, baseModel: string | undefined): string {
  return field.name === 'llm_name' && baseModel ? `${baseModel}, the deployment's model` : field.serverDefault;
}

async function askField(field: TrainFormField, current: unknown): Promise<unknown> {
  if (field.choices) {
    const items = [{ label: `${field.serverDefault}`, description: 'server default', value: undefined as string | undefined }, ...field.choices.filter((c) => c !== field.serverDefault).map((c) => ({ label: c, description: '', value: c as string | undefined }))];
    const picked = await vscode.window.showQuickPick(items, { title: field.title, placeHolder: field.description });
    return picked ? picked.value : KEEP;
  }
  const text = await vscode.window.showInputBox({
    title: field.title,
    prompt: `${field.description}. Empty: the server's default (${field.serverDefault}).`,
    value: current === undefined ? '' : String(current),
    validateInput: (input) => {
      const read = readFormValue(field, input);
      return read.ok ? undefined : read.problem;
    },
  });
  if (text === undefined) return KEEP;
  const read = readFormValue(field, text);
  return read.ok ? read.value : KEEP;
}
