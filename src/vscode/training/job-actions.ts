// Delete of a training job, from the Training view's menu or the job's panel: asked first in the command line's
// words (job-words.ts: what it does, that it cannot be undone), as a confirmation pick (VS Code refuses a modal
// dialog in a test host, confirm.ts), then the deployment's delete (training.md §4).

import { deletedWords, deleteQuestion, jobProgress, type TrainingClient } from '../../core/training';
import { confirm } from '../confirm';

export const RESTART_COMMAND = 'scalarlm.training.restart';
export const DELETE_COMMAND = 'scalarlm.training.delete';

/** Asks, then deletes: resolves with what was deleted, in words, or undefined when the user kept the job. */
export async function deleteAfterAsking(training: TrainingClient, hash: string): Promise<string | undefined> {
  const detail = await training.job(hash);
  const { question, consequence } = deleteQuestion(detail.hash, jobProgress(detail.status, detail.config));
  if (!(await confirm(question, [consequence], 'Delete Job', { placeHolder: consequence }))) return undefined;
  return deletedWords(await training.delete(detail.hash));
}
