// Runs scalarlm-lab commands in-process with captured output, as a terminal or a pipe would see them.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { main } from '../../../src/cli/main';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `stdin`: what the command reads (a pipe, unless `tty`); without it, a terminal with nothing typed. `columns`: stdout
 * is a terminal that wide (else a pipe).
 */
export async function runCli(argv: string[], options: { stdin?: string; tty?: boolean; env?: NodeJS.ProcessEnv; signal?: AbortSignal; cwd?: string; columns?: number } = {}): Promise<CliResult> {
  const stdout = Object.assign(new PassThrough(), options.columns !== undefined ? { isTTY: true, columns: options.columns } : {});
  const stderr = new PassThrough();
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  stdout.on('data', (c: Buffer) => chunks.stdout.push(c));
  stderr.on('data', (c: Buffer) => chunks.stderr.push(c));
  const stdin = Object.assign(Readable.from(options.stdin !== undefined ? [options.stdin] : []), { isTTY: options.tty ?? options.stdin === undefined });
  const code = await main(argv, {
    stdout,
    stderr,
    stdin,
    env: { XDG_STATE_HOME: undefined, ...options.env },
    signal: options.signal ?? new AbortController().signal,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  return { code, stdout: Buffer.concat(chunks.stdout).toString(), stderr: Buffer.concat(chunks.stderr).toString() };
}

export function jsonLines(text: string): Record<string, unknown>[] {
  return text.trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * The built CLI (dist/cli.js) run as a process, as a terminal runs it; `stateHome` is its XDG_STATE_HOME (none: unset),
 * `nodeFlags` go to node before the script, and a process still running after `killAfterMs` is killed (code null).
 */
export async function runBuiltCli(argv: string[], options: { cwd?: string; stateHome?: string; nodeFlags?: string[]; killAfterMs?: number } = {}): Promise<CliResult> {
  const cli = join(__dirname, '../../../../dist/cli.js');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...(options.nodeFlags ?? []), cli, ...argv], {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.killAfterMs ? { timeout: options.killAfterMs } : {}),
      env: { ...process.env, XDG_STATE_HOME: options.stateHome },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
