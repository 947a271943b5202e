// scalarlm-lab delete HASH: remove a training job from the deployment for good (POST /v1/megatron/delete/{hash},
// training.md §4): a running one is stopped, its directory, checkpoints and logs go. It cannot be undone, so on a
// terminal it asks first; elsewhere it wants --yes.

import { deletedWords, deleteQuestion, jobProgress } from '../../core/training';
import { UsageError, type Command } from '../command';
import { json } from '../format';
import { EXIT, type CliIO } from '../io';
import { onlyJobHash, withTraining } from '../training-session';

export const deleteCommand: Command = {
  name: 'delete',
  summary:
    'Remove a training job from the deployment for good (POST /v1/megatron/delete/{hash}).\n' +
    'A running job is stopped (the only way to stop one on current servers); its directory, checkpoints and logs\n' +
    'are removed. An adaptor already loaded stays listed in /v1/models until the deployment restarts. Asks first on a\n' +
    'terminal; --yes for scripts (without it, a stdin that is not a terminal is refused).',
  usage: 'HASH [--yes] [options]',
  options: { yes: { type: 'boolean', short: 'y', description: 'Delete without asking' } },
  async run(args, io) {
    const hash = onlyJobHash(args);
    const ask = !args.values.yes;
    if (ask && !io.stdin.isTTY) throw new UsageError(`delete cannot be undone, and stdin is not a terminal: give --yes to delete job ${hash} without being asked.`);
    return withTraining(args, io, async ({ training, signal }) => {
      if (ask) {
        const detail = await training.job(hash, { signal });
        const { question, consequence } = deleteQuestion(detail.hash, jobProgress(detail.status, detail.config));
        io.stderr.write(`${question} ${consequence} [y/N] `);
        if (!/^y(es)?$/i.test((await firstLine(io)).trim())) {
          io.stderr.write('Not deleted.\n');
          return EXIT.ok;
        }
      }
      const was = await training.delete(hash, { signal });
      if (args.values.json) io.stdout.write(json({ job_hash: was.hash, deleted: true, status_was: was.status.status }));
      io.stderr.write(`${deletedWords(was)}\n`);
      return EXIT.ok;
    });
  },
};

/** What the user types before Enter; '' when stdin ends first. */
async function firstLine(io: CliIO): Promise<string> {
  let text = '';
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    const end = text.indexOf('\n');
    if (end !== -1) return text.slice(0, end);
  }
  return text;
}
