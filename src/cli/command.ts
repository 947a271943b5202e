// The shape of a scalarlm-lab command and the options every command shares.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIO } from './io';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>[string] & { description: string; valueName?: string };

export interface Command {
  name: string;
  summary: string;
  /** Arguments after the command name, for the usage line: `[FILE|-]`. */
  usage: string;
  options: Record<string, OptionSpec>;
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}

/** A command that parses its own arguments and prints its own help (the simulator). */
export interface RawCommand {
  name: string;
  summary: string;
  runRaw(argv: string[], io: CliIO): Promise<number>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** A command line that cannot run as given: exit code 2 with this message and a pointer to --help. */
export class UsageError extends Error {}

export const SHARED_OPTIONS: Record<string, OptionSpec> = {
  url: {
    type: 'string',
    valueName: 'URL',
    description: 'Deployment base URL (default: $SCALARLM_API_URL, else http://localhost:8000)',
  },
  json: { type: 'boolean', description: 'Print machine-readable JSON' },
  timeout: { type: 'string', valueName: 'SECONDS', description: 'Give up after this long' },
  header: {
    type: 'string',
    multiple: true,
    valueName: 'NAME:VALUE',
    description: 'Extra request header, for a gateway in front of the deployment (repeatable)',
  },
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
};

export function parseCommandArgs(command: Command, argv: string[]): ParsedArgs {
  const options = { ...SHARED_OPTIONS, ...command.options };
  try {
    const { values, positionals } = parseArgs({
      args: negativeValuesJoined(argv, options),
      options: Object.fromEntries(Object.entries(options).map(([name, { description: _d, valueName: _v, ...spec }]) => [name, spec])),
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }, options));
  }
}

/**
 * `--learning-rate -1` as `--learning-rate=-1`: parseArgs takes a value starting with a dash for a forgotten
 * value, and the user would be told the flag "needs a value" rather than what is wrong with -1.
 */
function negativeValuesJoined(argv: string[], options: Record<string, OptionSpec>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = /^--([\w-]+)$/.exec(argv[i])?.[1];
    const next = argv[i + 1];
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\.?\d/.test(next)) {
      joined.push(`${argv[i]}=${next}`);
      i++;
    } else if (argv[i] === '--') {
      joined.push(...argv.slice(i));
      break;
    } else {
      joined.push(argv[i]);
    }
  }
  return joined;
}

/**
 * Our sentence for what parseArgs rejected. Its own messages quote unevenly (`as in '-- "--foo"`) and
 * speak of `<value>`; the option's name is only in the message, so it is read from there.
 */
function usageMessage(error: Error & { code?: string }, options: Record<string, OptionSpec>): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      if (quoted) return `Unknown option ${quoted}.`;
      break;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      // `--limit <value>` (a value is missing) or `-j, --json` (a flag was given one).
      const name = quoted && /--([\w-]+)/.exec(quoted)?.[1];
      const spec = name ? options[name] : undefined;
      if (!name || !spec) break;
      return spec.type === 'string' ? `--${name} needs a value: --${name} ${spec.valueName ?? 'VALUE'}.` : `--${name} takes no value.`;
    }
  }
  return error.message;
}

export function commandHelp(command: Command): string {
  const options = { ...command.options, ...SHARED_OPTIONS };
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.type === 'string' ? ` ${spec.valueName ?? 'VALUE'}` : ''}`;
    return `  ${flag.padEnd(32)} ${spec.description}`;
  });
  return `Usage: scalarlm-lab ${command.name} ${command.usage}\n\n${command.summary}\n\nOptions:\n${rows.join('\n')}\n`;
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** `positive`: above 0 (a learning rate), where `min` is a bound the value may equal. */
export function numberOption(args: ParsedArgs, name: string, rule: { integer?: boolean; min?: number; max?: number; positive?: boolean } = {}): number | undefined {
  const text = stringOption(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  const fits =
    Number.isFinite(value) && (!rule.integer || Number.isInteger(value)) && (rule.min === undefined || value >= rule.min) && (rule.max === undefined || value <= rule.max) && (!rule.positive || value > 0);
  if (!fits || text.trim() === '') {
    const range = [rule.min !== undefined ? `at least ${rule.min}` : '', rule.max !== undefined ? `at most ${rule.max}` : ''].filter(Boolean).join(' and ');
    throw new UsageError(`--${name} must be ${rule.positive ? 'a positive ' : 'a '}${rule.integer ? 'whole number' : 'number'}${range ? ` ${range}` : ''}; got "${text}".`);
  }
  return value;
}
