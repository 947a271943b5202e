// scalarlm-lab jobs and scalarlm-lab job HASH: the deployment's training jobs (GET /v1/megatron/list_models)
// and one job's detail (GET /v1/megatron/train/{hash}).

import { jobProgress, progressLine } from '../../core/training';
import { UsageError, type Command } from '../command';
import { formatNumber, json, table } from '../format';
import { EXIT } from '../io';
import { withTraining } from '../training-session';

export const jobsCommand: Command = {
  name: 'jobs',
  summary: "List the deployment's training jobs, newest first (GET /v1/megatron/list_models).",
  usage: '[options]',
  options: {},
  async run(args, io) {
    return withTraining(args, io, async ({ training, signal }) => {
      const lookup = await training.jobs({ signal });
      if (lookup.state === 'route-missing') {
        io.stderr.write(`The deployment has no training routes (GET /v1/megatron/list_models answered 404): an older ScalarLM, or a gateway that does not pass /v1/megatron on.\n`);
        return EXIT.fatal;
      }
      const { jobs } = lookup;
      if (args.values.json) {
        io.stdout.write(json(jobs));
        return EXIT.ok;
      }
      const rows = jobs.map((job) => [
        job.name,
        job.status ?? '?',
        `${job.step ?? 0}/${job.maxSteps ?? '?'}`,
        formatNumber(job.loss, 4),
        job.deployed ? 'yes' : 'no',
        job.startTime ? new Date(job.startTime * 1000).toISOString().slice(0, 19) : '-',
      ]);
      io.stdout.write(rows.length ? table([['JOB', 'STATUS', 'STEP', 'LOSS', 'DEPLOYED', 'STARTED (UTC)'], ...rows]) : 'The deployment has no training jobs.\n');
      // list_models' loss is an average that weights the first steps (training.md §3.3): not the last loss.
      if (rows.length) io.stderr.write('LOSS is the server\'s running average, which weights the first steps; scalarlm-lab job HASH shows the last.\n');
      return EXIT.ok;
    });
  },
};

export const jobCommand: Command = {
  name: 'job',
  summary:
    "Show one training job: status, step, loss, whether its adaptor answers, its config (GET /v1/megatron/train/{hash}).\n" +
    'HASH: the job hash that train printed and jobs lists (the deployment also finds a job by part of it).',
  usage: 'HASH [options]',
  options: {},
  async run(args, io) {
    const [hash] = args.positionals;
    if (!hash || args.positionals.length > 1) throw new UsageError('Give exactly one job hash, as `scalarlm-lab jobs` lists it.');
    return withTraining(args, io, async ({ training, signal }) => {
      const detail = await training.job(hash, { signal });
      const served = detail.status.status === 'COMPLETED' ? await training.isServed(detail.hash, { signal }) : false;
      if (args.values.json) {
        io.stdout.write(json({ ...detail, served }));
        return EXIT.ok;
      }
      const lines = [
        `Job     ${detail.hash}`,
        `Status  ${progressLine(jobProgress(detail.status))}`,
        `Served  ${served ? `yes: ask for it with --model ${detail.hash}` : detail.deployed ? 'registered, not answering yet' : 'no'}`,
        ...(detail.status.error ? [`Error   ${detail.status.error}`] : []),
        ...(detail.status.output ? [`Output  ${detail.status.output}`] : []),
        'Config',
        ...Object.entries(detail.config).map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`),
      ];
      io.stdout.write(`${lines.join('\n')}\n`);
      return EXIT.ok;
    });
  },
};
