// What the training commands share: a training client for the command line's deployment, the follow
// deadline of --timeout (an end to following, not to each call, held for the whole command), and the status
// line on stderr.

import { ScalarLMClient } from '../core/api/client';
import { jobProgress, progressLine, TrainingClient, type JobActions, type TrainingJobDetail } from '../core/training';
import { numberOption, UsageError, type ParsedArgs } from './command';
import { CommandDeadline } from './command-deadline';
import { BASE_URL_SET_BY, baseUrlOf, headersOf, timeoutMsOf } from './connection';
import { EXIT, type CliIO } from './io';

export const POLL_OPTION = { type: 'string', valueName: 'SECONDS', description: 'Between two status reads while following (default 2)' } as const;

/** The one job hash a job command takes. */
export function onlyJobHash(args: ParsedArgs): string {
  const [hash] = args.positionals;
  if (!hash || args.positionals.length > 1) throw new UsageError('Give exactly one job hash, as `scalarlm-lab jobs` lists it.');
  return hash;
}

/** How the command line names what can be done with a job, for the core's words (job-words.ts). */
export function jobActions(hash: string): JobActions {
  return { restart: `scalarlm-lab restart ${hash}`, delete: `scalarlm-lab delete ${hash}`, show: `scalarlm-lab job ${hash}` };
}

export interface TrainingSession {
  training: TrainingClient;
  /** Aborts on Ctrl-C, or when --timeout runs out: the commands then stop following. */
  signal: AbortSignal;
  pollMs: number;
}

/**
 * Runs `body` with a training client; --timeout bounds the whole command (following included). Stopped by
 * Ctrl-C or --timeout before `body` is done: exit 3, said in a sentence rather than a stack.
 */
export async function withTraining(args: ParsedArgs, io: CliIO, body: (session: TrainingSession) => Promise<number>): Promise<number> {
  const pollMs = (numberOption(args, 'poll', { min: 0.001 }) ?? 2) * 1000;
  const api = new ScalarLMClient({ baseUrl: baseUrlOf(args, io), headers: headersOf(args), baseUrlSetBy: BASE_URL_SET_BY });
  const deadline = new CommandDeadline(io.signal, timeoutMsOf(args));
  const { signal } = deadline;
  try {
    return await body({ training: new TrainingClient(api), signal, pollMs });
  } catch (error) {
    if (!signal.aborted) throw error;
    io.stderr.write(`Stopped (${deadline.timedOut ? '--timeout reached' : 'interrupted'}) before the command was done; whatever reached the deployment goes on there.\n`);
    return EXIT.partial;
  } finally {
    deadline.dispose();
    await api.close();
  }
}

/** The job's progress on stderr: redrawn in place on a terminal, a line per change otherwise. */
export class StatusLine {
  private last = '';
  private drawn = false;

  constructor(private readonly stream: CliIO['stderr']) {}

  show(detail: TrainingJobDetail): void {
    const progress = progressLine(jobProgress(detail.status, detail.config));
    // COMPLETED is not the end until the adaptor answers (training.md §5): say what is being waited for.
    const line = detail.status.status === 'COMPLETED' ? `${progress}, waiting for its adaptor to answer` : progress;
    if (line === this.last) return;
    this.last = line;
    if (this.stream.isTTY) {
      this.stream.write(`\r${line}\x1b[K`);
      this.drawn = true;
    } else {
      this.stream.write(`${line}\n`);
    }
  }

  /** Ends a line drawn in place, so what follows starts on its own line. */
  end(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
