// scalarlm-lab cancel HASH: ask the deployment to cancel a training job (POST /v1/megatron/cancel/{hash}) and say
// what the cancel really comes to on current servers (training.md §4): a queued job stays cancelled; a running
// one's trainer stops at its step and the server resubmits the job from its checkpoint later, so only delete
// stops it for good. The words are the core's (job-words.ts).

import { cancelWords, requestCancel } from '../../core/training';
import { type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { jobActions, onlyJobHash, POLL_OPTION, withTraining } from '../training-session';

/** How long the status is watched after the cancel, for the trainer writing over it. */
const WATCH_MS = 6000;

export const cancelCommand: Command = {
  name: 'cancel',
  summary:
    'Ask the deployment to cancel a training job (POST /v1/megatron/cancel/{hash}).\n' +
    'A queued job stays cancelled (exit 0; `restart` runs it again). Current servers do not stop a running job for\n' +
    'good: its trainer stops at its step and the server resubmits it from its checkpoint about 30 s later, so the\n' +
    'job goes on (exit 3); only `delete` stops it. The status is watched for a few seconds after the request.',
  usage: 'HASH [options]',
  options: { poll: { ...POLL_OPTION, description: 'Between two status reads while watching (default 2)' } },
  async run(args, io) {
    const hash = onlyJobHash(args);
    return withTraining(args, io, async ({ training, signal, pollMs }) => {
      const outcome = await requestCancel(training, hash, { signal, pollMs: Math.min(pollMs, WATCH_MS / 3), watchMs: WATCH_MS });
      if (args.values.json) {
        io.stdout.write(json({ job_hash: hash, answered: outcome.answered.status, status: outcome.after.status, already_finished: outcome.alreadyFinished, runs_on: outcome.runsOn, outcome: outcome.kind }));
      }
      io.stderr.write(`${cancelWords(hash, outcome.kind, outcome.after, jobActions(hash))}\n`);
      return outcome.runsOn ? EXIT.partial : EXIT.ok;
    });
  },
};
