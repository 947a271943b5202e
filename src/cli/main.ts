// scalarlm-lab: the command-line face of the core, for terminals and CI.

import { isScalarLMError } from '../core/api/errors';
import { DatasetError } from '../core/datasets';
import { ConfigError } from '../core/experiments/config';
import { ExperimentProblems } from '../core/experiments/experiment-cells';
import { PromptInputError, PromptProblems } from '../core/prompts/problems';
import { TrainArgumentsError } from '../core/training';
import { TemplateError } from '../core/templates';
import { TrainingExportError } from '../core/training';
import { commandHelp, parseCommandArgs, UsageError, type Command, type RawCommand } from './command';
import { cancelCommand } from './commands/cancel';
import { chatCommand } from './commands/chat';
import { diffCommand } from './commands/diff';
import { evalCommand } from './commands/eval';
import { exportTrainingCommand } from './commands/export-training';
import { generateCommand } from './commands/generate';
import { healthCommand } from './commands/health';
import { metricsCommand } from './commands/metrics';
import { modelsCommand } from './commands/models';
import { renderCommand } from './commands/render';
import { requestCommand, requestsCommand } from './commands/requests';
import { simCommand } from './commands/sim';
import { trainCommand } from './commands/train';
import { jobCommand, jobsCommand } from './commands/training-jobs';
import { logsCommand } from './commands/training-logs';
import { EXIT, type CliIO } from './io';

const COMMANDS: (Command | RawCommand)[] = [
  generateCommand, evalCommand, diffCommand, exportTrainingCommand, renderCommand, chatCommand, metricsCommand, modelsCommand, healthCommand, requestsCommand, requestCommand,
  trainCommand, jobsCommand, jobCommand, logsCommand, cancelCommand, simCommand,
];

export function mainHelp(): string {
  // Each summary's first line reads as a sentence on its own (a test holds every command to it).
  const rows = COMMANDS.map((c) => `  ${c.name.padEnd(15)} ${c.summary.split('\n')[0]}`);
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
    io.stdout.write(mainHelp());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`Unknown command "${name}".\n\n${mainHelp()}`);
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

/** A file the user wrote that cannot be used (its message names the file and line): exit 2, like bad usage. */
function isBadFile(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof TemplateError || error instanceof ExperimentProblems || error instanceof DatasetError || error instanceof TrainingExportError;
}

function reportError(error: unknown, command: Command, io: CliIO): number {
  if (error instanceof UsageError) {
    io.stderr.write(`${error.message} See: scalarlm-lab ${command.name} --help\n`);
    return EXIT.usage;
  }
  if (error instanceof PromptInputError || error instanceof PromptProblems || error instanceof TrainArgumentsError || isBadFile(error)) {
    io.stderr.write(`${error.message}\n`);
    // What else the file holds that has no effect here is said too: the run stopping first must not hide it.
    if (error instanceof ConfigError) for (const problem of error.problems) io.stderr.write(`${problem.message}\n`);
    return EXIT.usage;
  }
  if (isScalarLMError(error)) {
    io.stderr.write(`${error.message}\n`);
    return EXIT.fatal;
  }
  io.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.fatal;
}

if (require.main === module) {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    // The first Ctrl-C stops the command cleanly (a batch writes its report); the second one exits now.
    if (++interrupts > 1) process.exit(130);
    controller.abort(new Error('interrupted'));
  });
  // A reader that has read enough (`generate … | head`) closes the pipe: end quietly, as Unix tools do on
  // SIGPIPE, rather than with an EPIPE stack trace. A run's ledger is append-only, so it resumes as after a kill.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(EXIT.ok);
  });
  const io: CliIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd(), signal: controller.signal };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`${(error as Error).stack}\n`);
      process.exitCode = EXIT.fatal;
    },
  );
}
