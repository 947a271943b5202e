// scalarlm-lab logs HASH [--follow]: a training job's log (GET /v1/megatron/train/logs/{hash}). The server
// answers the log as it is and ends; --follow asks again from the line after the last one until the job ends.

import { sleep } from '../../core/api/sleep';
import type { LogLine } from '../../core/training';
import { numberOption, UsageError, type Command } from '../command';
import { EXIT, type CliIO } from '../io';
import { POLL_OPTION, withTraining } from '../training-session';

const FINISHED = ['COMPLETED', 'FAILED'];

export const logsCommand: Command = {
  name: 'logs',
  summary:
    "Print a training job's log lines (GET /v1/megatron/train/logs/{hash}).\n" +
    'With --follow, keep printing new lines until the job completes or fails (exit 3 if following stops first).',
  usage: 'HASH [--follow] [--from-line N] [options]',
  options: {
    follow: { type: 'boolean', description: 'Keep printing new lines until the job ends' },
    'from-line': { type: 'string', valueName: 'N', description: 'Start at this line number (0-based; resume where you stopped)' },
    poll: POLL_OPTION,
  },
  async run(args, io) {
    const [hash] = args.positionals;
    if (!hash || args.positionals.length > 1) throw new UsageError('Give exactly one job hash, as `scalarlm-lab jobs` lists it.');
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
          const finished = args.values.follow ? FINISHED.includes((await training.job(hash, { signal })).status.status) : true;
          const read = await training.logs(hash, next, { signal });
          if (read.state === 'lines') print(read.lines);
          else if (!saidWaiting) {
            io.stderr.write(`No log yet: job ${hash} has not started.${args.values.follow ? ' Waiting for it.' : ''}\n`);
            saidWaiting = true;
          }
          if (finished) return EXIT.ok;
          await sleep(pollMs, signal);
        }
      } catch (error) {
        if (signal.aborted) return stopped(io, hash, next);
        throw error;
      }
    });
  },
};

function stopped(io: CliIO, hash: string, next: number): number {
  io.stderr.write(`Stopped following. Resume with: scalarlm-lab logs ${hash} --follow --from-line ${next}\n`);
  return EXIT.partial;
}
