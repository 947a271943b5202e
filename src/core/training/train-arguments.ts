// The training arguments a ScalarLM job config knows (JobConfig in the server's util/default_job_config.py),
// with their types, checked before anything is sent. The server takes any other name as it is into the job's
// config (training.md §2.1), where a trainer of its own may read it (the stand-in trainer's fake_fail_at_step):
// such a name is sent with a warning, unless it is a near miss of a known one, which is refused as the typo it
// most likely is (a mistyped max_steps would train the default 100 steps). Params are sent in one fixed key
// order, the known ones in this list's order and the others by name after them: the job hash covers the params'
// JSON as written, so the same arguments must always be written the same way.

import { closest, distance } from 'fastest-levenshtein';

export type ArgumentKind = 'int' | 'float' | 'string' | 'bool' | 'object';

export interface TrainArgument {
  name: string;
  kind: ArgumentKind;
  description: string;
  /** The values a string argument may take, when the server knows only a few. */
  choices?: readonly string[];
}

export const TRAIN_ARGUMENTS: readonly TrainArgument[] = [
  { name: 'llm_name', kind: 'string', description: 'The base model to train (default: the deployment\'s model)' },
  { name: 'max_steps', kind: 'int', description: 'Training steps (server default 100)' },
  { name: 'learning_rate', kind: 'float', description: 'Peak learning rate, decayed linearly to 0 (server default 3e-3)' },
  { name: 'adapter_type', kind: 'string', description: 'What is trained: tokenformer (server default) or lora', choices: ['tokenformer', 'lora'] },
  { name: 'gpus', kind: 'int', description: 'GPUs for the job (server default 1; 0 trains on CPU)' },
  { name: 'nodes', kind: 'int', description: 'Nodes for the job (server default 1)' },
  { name: 'batch_size', kind: 'int', description: 'Examples per step (server default 1)' },
  { name: 'gradient_accumulation_steps', kind: 'int', description: 'Micro-batches per optimizer step (server default 4)' },
  { name: 'gradient_clip_value', kind: 'float', description: 'Gradient norm clip (server default 1.0)' },
  { name: 'gradient_checkpointing', kind: 'bool', description: 'Trade compute for memory (server default false)' },
  { name: 'warmup_steps', kind: 'int', description: 'Linear warmup steps before the decay (server default 0)' },
  { name: 'seed', kind: 'int', description: 'Training RNG seed (server default none)' },
  { name: 'steps_per_checkpoint', kind: 'int', description: 'Steps between checkpoints, each served while training (server default 100)' },
  { name: 'max_checkpoints_to_keep', kind: 'int', description: 'Checkpoints kept (server default 3)' },
  { name: 'max_token_block_size', kind: 'int', description: 'Tokens per block (server default 16777216)' },
  { name: 'training_mode', kind: 'string', description: 'language_model (server default) or embedding', choices: ['language_model', 'embedding'] },
  { name: 'distribution_strategy', kind: 'string', description: 'Distribution strategy (server default fsdp)' },
  { name: 'dtype', kind: 'string', description: 'auto (server default), float32, float16 or bfloat16', choices: ['auto', 'float32', 'float16', 'bfloat16'] },
  { name: 'attn_implementation', kind: 'string', description: 'auto (server default), sdpa or eager', choices: ['auto', 'sdpa', 'eager'] },
  { name: 'timeout', kind: 'int', description: 'Training time budget in seconds (server default 14400)' },
  { name: 'training_history_length', kind: 'int', description: 'Loss history entries kept (server default 1024)' },
  { name: 'trust_remote_code', kind: 'bool', description: "Run a model repository's own code (server default false)" },
  { name: 'lora_config', kind: 'object', description: 'LoRA settings as JSON, e.g. {"r": 8, "lora_alpha": 32} (server default r 8, alpha 32, dropout 0.1)' },
];

/** Arguments that cannot be sent: unknown names, values of the wrong type. Nothing was sent. */
export class TrainArgumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrainArgumentsError';
  }
}

/** The params in one fixed order, every known value checked; a near miss of a known name refused. */
export function canonicalParams(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const unknown = unknownArguments(given);
  const typos = unknown.flatMap((name) => {
    const guess = nearMiss(name);
    return guess === undefined ? [] : [`"${name}": did you mean ${guess}?`];
  });
  if (typos.length > 0) throw new TrainArgumentsError(`Unknown training argument ${typos.join('; ')} Nothing was sent. Known: ${TRAIN_ARGUMENTS.map((a) => a.name).join(', ')}.`);
  const params: Record<string, unknown> = {};
  for (const arg of TRAIN_ARGUMENTS) {
    if (given[arg.name] === undefined) continue;
    params[arg.name] = checked(arg, given[arg.name]);
  }
  for (const name of unknown) params[name] = given[name];
  return params;
}

/** Names given that this client does not know, by name: sent as given (see canonicalParams). */
export function unknownArguments(given: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(given)
    .filter((name) => given[name] !== undefined && !TRAIN_ARGUMENTS.some((arg) => arg.name === name))
    .sort();
}

/** What is said of each unknown argument sent. */
export function unknownArgumentWarnings(params: Readonly<Record<string, unknown>>): string[] {
  return unknownArguments(params).map(
    (name) => `Training argument "${name}" is not one this client knows: sent as given (${JSON.stringify(params[name])}). The server keeps it in the job's config; a trainer that does not read it ignores it.`,
  );
}

/** The known name `name` is most likely a typo of, if it is close to one. */
function nearMiss(name: string): string | undefined {
  const names = TRAIN_ARGUMENTS.map((arg) => arg.name);
  const spelled = name.toLowerCase().replace(/-/g, '_');
  const guess = closest(spelled, names);
  return distance(spelled, guess) <= Math.min(2, Math.floor(guess.length / 3)) ? guess : undefined;
}

/** `KEY=VALUE` of --set, the value read as the argument's type. */
export function parseSetting(setting: string): [string, unknown] {
  const equals = setting.indexOf('=');
  if (equals <= 0) throw new TrainArgumentsError(`--set expects KEY=VALUE, got "${setting}".`);
  const name = setting.slice(0, equals).trim();
  const text = setting.slice(equals + 1);
  const arg = TRAIN_ARGUMENTS.find((a) => a.name === name);
  // An argument this client does not know: its value as JSON when it is JSON (fake_fail_at_step=2 is a number), else the text.
  if (!arg) return [name, jsonOrText(text)];
  switch (arg.kind) {
    case 'string':
      return [name, text];
    case 'object':
      try {
        return [name, JSON.parse(text) as unknown];
      } catch {
        throw new TrainArgumentsError(`--set ${name}= needs a JSON object, got "${text}".`);
      }
    case 'bool':
      if (text === 'true' || text === 'false') return [name, text === 'true'];
      throw new TrainArgumentsError(`--set ${name}= needs true or false, got "${text}".`);
    default: {
      const value = Number(text);
      return [name, text.trim() === '' ? text : Number.isNaN(value) ? text : value];
    }
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function checked(arg: TrainArgument, value: unknown): unknown {
  const fail = (wanted: string): never => {
    throw new TrainArgumentsError(`Training argument ${arg.name} must be ${wanted}, got ${JSON.stringify(value)}.`);
  };
  switch (arg.kind) {
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail('a whole number, 0 or more');
      break;
    case 'float':
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail('a positive number');
      break;
    case 'bool':
      if (typeof value !== 'boolean') fail('true or false');
      break;
    case 'string':
      if (typeof value !== 'string' || value === '') fail('a non-empty string');
      if (arg.choices && !arg.choices.includes(value as string)) fail(`one of ${arg.choices.join(', ')}`);
      break;
    case 'object':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('a JSON object');
      break;
  }
  return value;
}
