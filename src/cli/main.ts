// scalarlm-lab: the command-line face of the core, for terminals and CI.

import { isScalarLMError } from '../core/api/errors';
import { PromptInputError, PromptProblems } from '../core/prompts/problems';
import { commandHelp, parseCommandArgs, UsageError, type Command, type RawCommand } from './command';
import { EXIT, type CliIO } from './io';

/**
 * Every command by name, in the order the help lists them, each loaded when it runs: `generate` then starts
 * without the template engines, schema validators, YAML and training code that other commands need.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command | RawCommand>>> = {
  generate: async () => (await import('./commands/generate')).generateCommand,
  eval: async () => (await import('./commands/eval')).evalCommand,
  diff: async () => (await import('./commands/diff')).diffCommand,
  bless: async () => (await import('./commands/bless')).blessCommand,
  'export-training': async () => (await import('./commands/export-training')).exportTrainingCommand,
  render: async () => (await import('./commands/render')).renderCommand,
  chat: async () => (await import('./commands/chat')).chatCommand,
  metrics: async () => (await import('./commands/metrics')).metricsCommand,
  models: async () => (await import('./commands/models')).modelsCommand,
  health: async () => (await import('./commands/health')).healthCommand,
  requests: async () => (await import('./commands/requests')).requestsCommand,
  request: async () => (await import('./commands/requests')).requestCommand,
  train: async () => (await import('./commands/train')).trainCommand,
  jobs: async () => (await import('./commands/training-jobs')).jobsCommand,
  job: async () => (await import('./commands/training-jobs')).jobCommand,
  logs: async () => (await import('./commands/training-logs')).logsCommand,
  cancel: async () => (await import('./commands/cancel')).cancelCommand,
  restart: async () => (await import('./commands/restart')).restartCommand,
  delete: async () => (await import('./commands/delete')).deleteCommand,
  sim: async () => (await import('./commands/sim')).simCommand,
};

/** The command of this name; undefined for none (only the table's own keys count, not Object's). */
async function loadCommand(name: string): Promise<Command | RawCommand | undefined> {
  if (!Object.hasOwn(COMMANDS, name)) return undefined;
  const command = await COMMANDS[name]();
  if (command.name !== name) throw new Error(`The command table lists "${name}" for the command "${command.name}".`);
  return command;
}

/** The top-level help: it loads every command for its summary, which only the help needs. */
export async function mainHelp(): Promise<string> {
  const commands = await Promise.all(Object.keys(COMMANDS).map(async (name) => (await loadCommand(name)) as Command | RawCommand));
  // Each summary's first line reads as a sentence on its own (a test holds every command to it).
  const rows = commands.map((c) => `  ${c.name.padEnd(15)} ${c.summary.split('\n')[0]}`);
  return (
    'Usage: scalarlm-lab <command> [options]\n\n' +
    'Try prompts against a ScalarLM deployment from a terminal or CI.\n\n' +
    `Commands:\n${rows.join('\n')}\n\n` +
    'Every command takes --url URL (default $SCALARLM_API_URL, else http://localhost:8000), --json, --timeout SECONDS\n' +
    'and --help. Start a local deployment to try things: scalarlm-lab sim\n'
  );
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(await mainHelp());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.stderr.write(`Unknown command "${name}".\n\n${await mainHelp()}`);
    return EXIT.usage;
  }
  if ('runRaw' in command) return command.runRaw(rest, io);
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help) {
      io.stdout.write(commandHelp(command));
      return EXIT.ok;
    }
    return await command.run(args, io);
  } catch (error) {
    return reportError(error, command, io);
  }
}

/**
 * The errors of a file the user wrote that cannot be used (their messages name the file and line): exit 2, like
 * bad usage. Loaded once a command failed otherwise than with a deployment's error, rather than with every
 * command: the one that threw has them already.
 */
async function badFileErrors() {
  const [{ ConfigError }, { TemplateError }, { ExperimentProblems }, { DatasetError }, { TrainingExportError, TrainArgumentsError }] = await Promise.all([
    import('../core/experiments/config'),
    import('../core/templates'),
    import('../core/experiments/experiment-cells'),
    import('../core/datasets'),
    import('../core/training'),
  ]);
  return { ConfigError, kinds: [ConfigError, TemplateError, ExperimentProblems, DatasetError, TrainingExportError, TrainArgumentsError] };
}

async function reportError(error: unknown, command: Command, io: CliIO): Promise<number> {
  if (error instanceof UsageError) {
    io.stderr.write(`${error.message} See: scalarlm-lab ${command.name} --help\n`);
    return EXIT.usage;
  }
  if (isScalarLMError(error)) {
    io.stderr.write(`${error.message}\n`);
    return EXIT.fatal;
  }
  const { ConfigError, kinds } = await badFileErrors();
  if (error instanceof PromptInputError || error instanceof PromptProblems || kinds.some((kind) => error instanceof kind)) {
    io.stderr.write(`${(error as Error).message}\n`);
    // What else the file holds that has no effect here is said too: the run stopping first must not hide it.
    if (error instanceof ConfigError) for (const problem of error.problems) io.stderr.write(`${problem.message}\n`);
    return EXIT.usage;
  }
  io.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.fatal;
}
