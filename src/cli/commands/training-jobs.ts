// scalarlm-lab jobs and scalarlm-lab job HASH: the deployment's training jobs (GET /v1/megatron/list_models)
// and one job's detail (GET /v1/megatron/train/{hash}) with its lineage when it was trained from here.

import { adaptorLineage, AVERAGE_LOSS_MEANING, jobProgress, LineageError, lineageFacts, listedProgress, progressLine, stepWords, type AdaptorAnswer, type AdaptorLineage } from '../../core/training';
import { type Command } from '../command';
import { formatNumber, json, table } from '../format';
import { EXIT, type CliIO } from '../io';
import { cliRunStore } from '../run-location';
import { onlyJobHash, withTraining } from '../training-session';

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
      const rows = jobs.map((job) => {
        const progress = listedProgress(job);
        return [
          job.name,
          job.status ?? '?',
          stepWords(progress) ?? '-',
          formatNumber(progress.loss, 4),
          job.deployed ? 'yes' : 'no',
          job.startTime ? new Date(job.startTime * 1000).toISOString().slice(0, 19) : '-',
        ];
      });
      io.stdout.write(rows.length ? table([['JOB', 'STATUS', 'PROGRESS', 'AVERAGE LOSS', 'DEPLOYED', 'STARTED (UTC)'], ...rows]) : 'The deployment has no training jobs.\n');
      // list_models' loss is not the last step's (training.md §3.3): the same words as the editor's Training view.
      if (rows.length) io.stderr.write(`${AVERAGE_LOSS_MEANING} (scalarlm-lab job HASH)\n`);
      return EXIT.ok;
    });
  },
};

export const jobCommand: Command = {
  name: 'job',
  summary:
    "Show one training job: status, step, loss, whether its adaptor answers, its config (GET /v1/megatron/train/{hash}).\n" +
    'Its lineage too, when it was trained from this runs folder: the run, column and held-out rows of its data, the\n' +
    "arguments, the deployment's version. HASH: the job hash that train printed and jobs lists (the deployment also\n" +
    'finds a job by part of it).',
  usage: 'HASH [options]',
  options: {},
  async run(args, io) {
    const hash = onlyJobHash(args);
    return withTraining(args, io, async ({ training, signal }) => {
      const detail = await training.job(hash, { signal });
      const answer = detail.status.status === 'COMPLETED' ? await training.adaptorAnswer(detail.hash, { signal }) : undefined;
      const served = answer?.state === 'answers';
      const lineage = lineageOf(detail.hash, io);
      if (args.values.json) {
        io.stdout.write(json({ ...detail, served, lineage: lineage ?? null }));
        return EXIT.ok;
      }
      const lines = [
        `Job     ${detail.hash}`,
        `Status  ${progressLine(jobProgress(detail.status, detail.config))}`,
        `Served  ${servedText(detail.hash, answer, detail.deployed)}`,
        ...(detail.status.error ? [`Error   ${detail.status.error}`] : []),
        ...(detail.status.output ? [`Output  ${detail.status.output}`] : []),
        'Config',
        ...Object.entries(detail.config).map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`),
        'Lineage',
        ...(lineage ? lineageFacts(lineage).map(([label, text]) => `  ${label}: ${text}`) : [`  not recorded in ${cliRunStore(io).dir} (trained elsewhere, or from another runs folder)`]),
      ];
      io.stdout.write(`${lines.join('\n')}\n`);
      return EXIT.ok;
    });
  },
};

/** Whether the adaptor answers; a refused probe says why (delivery by count, training.md §11.1). */
function servedText(hash: string, answer: AdaptorAnswer | undefined, deployed: boolean): string {
  if (answer?.state === 'answers') return `yes: ask for it with --model ${hash}`;
  if (answer?.state === 'refused') return `no: this deployment has not loaded the adaptor (its probe answered "${answer.error}")`;
  return deployed ? 'registered, not answering yet' : 'no';
}

/** The job's lineage in the runs folder; a damaged record is said on stderr and shown as none. */
function lineageOf(hash: string, io: CliIO): AdaptorLineage | undefined {
  try {
    return adaptorLineage(cliRunStore(io).dir, hash);
  } catch (error) {
    if (!(error instanceof LineageError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
