// scalarlm-lab restart HASH: run a FAILED or CANCELLED training job again (POST /v1/megatron/restart/{hash},
// training.md §4): QUEUED under a new Slurm job, resuming from its last checkpoint. Any other state is refused by
// the deployment (409), said plainly with why; an unknown hash is a 404.

import { restartedWords } from '../../core/training';
import { type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { onlyJobHash, withTraining } from '../training-session';

export const restartCommand: Command = {
  name: 'restart',
  summary:
    'Run a FAILED or CANCELLED training job again (POST /v1/megatron/restart/{hash}).\n' +
    'The deployment queues it under a new Slurm job; it resumes from its last checkpoint. A job in any other\n' +
    'state cannot be restarted (exit 1, saying why). Follow it with: scalarlm-lab logs HASH --follow',
  usage: 'HASH [options]',
  options: {},
  async run(args, io) {
    const hash = onlyJobHash(args);
    return withTraining(args, io, async ({ training, signal }) => {
      const detail = await training.restart(hash, { signal });
      if (args.values.json) io.stdout.write(json({ job_hash: detail.hash, status: detail.status.status }));
      io.stderr.write(`${restartedWords(detail, `Follow it with: scalarlm-lab logs ${detail.hash} --follow`)}\n`);
      return EXIT.ok;
    });
  },
};
