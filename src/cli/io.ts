// What a command may touch of the outside world, so tests can run commands in-process.

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** The directory relative paths and the shared runs folder (.scalarlm/runs) are found from; default: the process's. */
  cwd?: string;
  /** Aborts when the user asks the command to stop (Ctrl-C). */
  signal: AbortSignal;
}

export const EXIT = {
  ok: 0,
  fatal: 1,
  usage: 2,
  /** Some prompts failed, or are pending or unsent. */
  partial: 3,
  /** Every cell answered, and some assertion failed (promptfoo's code, so CI scripts carry over). */
  failed: 100,
} as const;
