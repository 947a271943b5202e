// The training arguments a ScalarLM job config knows (JobConfig in the server's util/default_job_config.py),
// with their types. The server drops a field its JobConfig does not declare without a word, so an unknown
// name is refused here before anything is sent. Params are sent in this fixed key order: the job hash covers
// the params' JSON as written, so the same arguments must always be written the same way (training.md §2.1).

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

/** The params in TRAIN_ARGUMENTS order, every value checked; unknown names refused. */
export function canonicalParams(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const unknown = Object.keys(given).filter((name) => !TRAIN_ARGUMENTS.some((arg) => arg.name === name));
  if (unknown.length > 0) {
    throw new TrainArgumentsError(
      `Unknown training argument${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}: the server would drop ${unknown.length > 1 ? 'them' : 'it'} without a word. Known: ${TRAIN_ARGUMENTS.map((a) => a.name).join(', ')}.`,
    );
  }
  const params: Record<string, unknown> = {};
  for (const arg of TRAIN_ARGUMENTS) {
    if (given[arg.name] === undefined) continue;
    params[arg.name] = checked(arg, given[arg.name]);
  }
  return params;
}

/** `KEY=VALUE` of --set, the value read as the argument's type. */
export function parseSetting(setting: string): [string, unknown] {
  const equals = setting.indexOf('=');
  if (equals <= 0) throw new TrainArgumentsError(`--set expects KEY=VALUE, got "${setting}".`);
  const name = setting.slice(0, equals).trim();
  const text = setting.slice(equals + 1);
  const arg = TRAIN_ARGUMENTS.find((a) => a.name === name);
  if (!arg) return [name, text];
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
