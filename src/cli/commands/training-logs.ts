// scalarlm-lab logs HASH [--follow]: a training job's log (GET /v1/megatron/train/logs/{hash}). The server
// answers the log as it is and ends; --follow asks again from the line after the last one until the job ends:
// COMPLETED, FAILED or CANCELLED (which nothing writes over for a job that had not started, training.md §11.3).

import { sleep } from '../../core/api/sleep';
import { cancelledWords, endsFollowing, type JobStatus, type LogLine } from '../../core/training';
import { numberOption, type Command } from '../command';
import { EXIT, type CliIO } from '../io';
import { jobActions, onlyJobHash, POLL_OPTION, withTraining } from '../training-session';

export const logsCommand: Command = {
  name: 'logs',
  summary:
    "Print a training job's log lines (GET /v1/megatron/train/logs/{hash}).\n" +
    'With --follow, keep printing new lines until the job completes, fails or is cancelled (exit 3 if following\n' +
    'stops first).',
  usage: 'HASH [--follow] [--from-line N] [options]',
  options: {
    follow: { type: 'boolean', description: 'Keep printing new lines until the job ends (COMPLETED, FAILED or CANCELLED)' },
    'from-line': { type: 'string', valueName: 'N', description: 'Start at this line number (0-based; resume where you stopped)' },
    poll: POLL_OPTION,
  },
  async run(args, io) {
    const hash = onlyJobHash(args);
    let next = numberOption(args, 'from-line', { integer: true, min: 0 }) ?? 0;
    return withTraining(args, io, async ({ training, signal, pollMs }) => {
      const print = (lines: LogLine[]): void => {
        for (const l of lines) io.stdout.write(args.values.json ? `${JSON.stringify({ line: l.line, line_number: l.lineNumber })}\n` : `${l.line}\n`);
        if (lines.length > 0) next = lines[lines.length - 1].lineNumber + 1;
      };
      let saidWaiting = false;
      try {
        for (;;) {
          // Read the status first: lines written before it said "finished" are then all in the next read.
          const status = args.values.follow ? (await training.job(hash, { signal })).status : undefined;
          const finished = status === undefined || endsFollowing(status.status);
          const read = await training.logs(hash, next, { signal });
          if (read.state === 'lines') print(read.lines);
          else if (!saidWaiting && status?.status !== 'CANCELLED') {
            io.stderr.write(`No log yet: job ${hash} has not started.${finished ? '' : ' Waiting for it.'}\n`);
            saidWaiting = true;
          }
          if (finished) return ended(io, hash, status);
          await sleep(pollMs, signal);
        }
      } catch (error) {
        if (signal.aborted) return stopped(io, hash, next);
        throw error;
      }
    });
  },
};

/** The end of the log; a cancelled job is said so, with how to run it again. */
function ended(io: CliIO, hash: string, status: JobStatus | undefined): number {
  if (status?.status === 'CANCELLED') io.stderr.write(`${cancelledWords(hash, status, jobActions(hash))}\n`);
  return EXIT.ok;
}

function stopped(io: CliIO, hash: string, next: number): number {
  io.stderr.write(`Stopped following. Resume with: scalarlm-lab logs ${hash} --follow --from-line ${next}\n`);
  return EXIT.partial;
}
