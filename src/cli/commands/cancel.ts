// scalarlm-lab cancel HASH: ask the deployment to cancel a training job (POST /v1/megatron/cancel/{hash}),
// then watch briefly: on current servers the trainer's next step can overwrite the cancel and the job runs on
// (training.md §4), and the user is told so.

import { requestCancel } from '../../core/training';
import { UsageError, type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { POLL_OPTION, withTraining } from '../training-session';

/** How long the status is watched after the cancel. */
const WATCH_MS = 6000;

export const cancelCommand: Command = {
  name: 'cancel',
  summary:
    'Ask the deployment to cancel a training job (POST /v1/megatron/cancel/{hash}).\n' +
    'Current servers may not stop it: the trainer can write over the cancel and go on. After the request the\n' +
    'status is watched for a few seconds; exit 0 when the job stopped (or had already ended), 3 when it runs on.',
  usage: 'HASH [options]',
  options: { poll: { ...POLL_OPTION, description: 'Between two status reads while watching (default 2)' } },
  async run(args, io) {
    const [hash] = args.positionals;
    if (!hash || args.positionals.length > 1) throw new UsageError('Give exactly one job hash, as `scalarlm-lab jobs` lists it.');
    return withTraining(args, io, async ({ training, signal, pollMs }) => {
      const outcome = await requestCancel(training, hash, { signal, pollMs: Math.min(pollMs, WATCH_MS / 3), watchMs: WATCH_MS });
      if (args.values.json) io.stdout.write(json({ job_hash: hash, answered: outcome.answered.status, status: outcome.after.status, already_finished: outcome.alreadyFinished, runs_on: outcome.runsOn }));
      if (outcome.alreadyFinished) {
        io.stderr.write(`Job ${hash} had already ended (${outcome.answered.status}): nothing to cancel.\n`);
        return EXIT.ok;
      }
      io.stderr.write(`Cancel requested for job ${hash}: the deployment wrote ${outcome.answered.status}.\n`);
      if (outcome.runsOn) {
        io.stderr.write(`The job runs on (${outcome.after.status} again): this server lets the trainer's next step overwrite a cancel. Ask again, or stop it on the cluster (scancel).\n`);
        return EXIT.partial;
      }
      return EXIT.ok;
    });
  },
};
