// The short form of "ScalarLM: Train Adaptor…": the few training arguments people change, each with what it
// means and where it starts (the server's defaults, as the CLI's flags describe them). A field left at its
// default is not sent, so the server applies its own and the job hash stays the one the CLI would name.

import { TRAIN_ARGUMENTS, type TrainArgument } from '../../core/training';

export interface TrainFormField {
  /** The training argument (job config key). */
  name: string;
  /** The form's question. */
  title: string;
  /** What the argument does, from the core's list of training arguments. */
  description: string;
  /** What the server uses when nothing is sent, as shown to the user. */
  serverDefault: string;
  /** Fixed choices (a quick pick); otherwise an input box. */
  choices?: readonly string[];
}

const FIELDS: readonly { name: string; title: string; serverDefault: string }[] = [
  { name: 'llm_name', title: 'Base model', serverDefault: "the deployment's model" },
  { name: 'max_steps', title: 'Max steps', serverDefault: '100' },
  { name: 'learning_rate', title: 'Learning rate', serverDefault: '0.003' },
  { name: 'adapter_type', title: 'Adapter type', serverDefault: 'tokenformer' },
  { name: 'gpus', title: 'GPUs', serverDefault: '1' },
];

export const TRAIN_FORM: readonly TrainFormField[] = FIELDS.map((field) => {
  const arg = argument(field.name);
  return { ...field, description: arg.description, ...(arg.choices ? { choices: arg.choices } : {}) };
});

/**
 * An input box's text as the argument's value: undefined for "the server's default" (empty), or why it
 * cannot be sent. Types are the core's (canonicalParams checks them again before anything is sent).
 */
export function readFormValue(field: TrainFormField, text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const arg = argument(field.name);
  if (arg.kind === 'string') return { ok: true, value: trimmed };
  const value = Number(trimmed);
  if (arg.kind === 'int' && (!Number.isInteger(value) || value < (field.name === 'max_steps' ? 1 : 0))) {
    return { ok: false, problem: `${field.title} is a whole number${field.name === 'max_steps' ? ', 1 or more' : ', 0 or more'}.` };
  }
  if (arg.kind === 'float' && (!Number.isFinite(value) || value <= 0)) return { ok: false, problem: `${field.title} is a positive number, e.g. 0.003.` };
  return { ok: true, value };
}

/** The values the user gave, as the arguments object the core takes (defaults left out). */
export function formArguments(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const field of TRAIN_FORM) if (values[field.name] !== undefined) given[field.name] = values[field.name];
  return given;
}

function argument(name: string): TrainArgument {
  const found = TRAIN_ARGUMENTS.find((arg) => arg.name === name);
  if (!found) throw new Error(`No training argument ${name}`);
  return found;
}
