// "ScalarLM: Train Adaptor…" on a .jsonl of {"input", "output"} lines: the file checked by the core first
// (a bad line goes to the Problems panel, nothing is sent), the short form of training arguments, then the
// upload with its progress (chunk by chunk for a large archive), then the job's lineage in the runs folder and the
// job's panel. The core makes the archive reproducible, so the same data and arguments name the same job: a retry
// never starts a second one.

import * as vscode from 'vscode';
import { deploymentDefaultModel } from '../../core/batch/deployment-model';
import { DEFAULT_UPLOAD_LIMITS, parseTrainingData, prepareTraining, recordSubmission, TrainArgumentsError, TrainingClient, TrainingDataError, type SubmittedJob, type UploadProgress } from '../../core/training';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { askTrainingArguments } from './train-form';
import type { TrainingDiagnostics } from './training-diagnostics';

export interface TrainAdaptorDeps {
  connection: Connection;
  log: ExtensionLog;
  diagnostics: TrainingDiagnostics;
  /** The runs folder, where the data's origin is found and the adaptor's lineage kept. */
  runsDir: () => string;
  /** After the job is named: its panel opens and the Training view refreshes. */
  started(job: SubmittedJob): void;
}

export async function trainAdaptor(deps: TrainAdaptorDeps, target?: unknown): Promise<void> {
  const uri = await trainingFile(target);
  if (!uri) return;
  const name = vscode.workspace.asRelativePath(uri);
  const text = await fileText(uri);
  let examples: number;
  try {
    examples = parseTrainingData(text, name).length;
  } catch (error) {
    if (error instanceof TrainingDataError) return deps.diagnostics.show(error, uri);
    throw error;
  }
  const access = deps.connection.createClient();
  if (!access.ok) throw new Error(access.reason);
  const { api } = access;
  try {
    const baseModel = await deploymentDefaultModel(api).catch(() => undefined);
    const args = await askTrainingArguments(`${examples} example${examples === 1 ? '' : 's'} from ${name}`, baseModel);
    if (!args) return;
    let prepared;
    try {
      prepared = prepareTraining(text, name, args);
    } catch (error) {
      if (error instanceof TrainingDataError) return deps.diagnostics.show(error, uri);
      if (error instanceof TrainArgumentsError) throw new Error(`${error.message} Nothing was sent.`);
      throw error;
    }
    const { archive, params } = prepared;
    const training = new TrainingClient(api);
    const job = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `ScalarLM: Sending ${name}`, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      let reported = 0;
      return training.submit(archive, params, {
        signal: controller.signal,
        onProgress: (p) => {
          const percent = Math.floor((p.sentBytes / Math.max(1, p.totalBytes)) * 100);
          progress.report({ message: uploadMessage(p), increment: percent - reported });
          reported = percent;
        },
      });
    });
    deps.diagnostics.clear(uri);
    const recorded = await recordSubmission(training, deps.runsDir(), job, prepared, name);
    if (recorded.problem) deps.log.info(recorded.problem);
    deps.log.info(`Training job ${job.hash} ${job.existing ? 'was already on the deployment' : 'started'} (${examples} examples from ${name}, ${archive.length} bytes).`);
    if (job.existing) void vscode.window.showInformationMessage(`ScalarLM: The deployment already had this job (same data and arguments), so no second one was started: ${job.hash.slice(0, 12)}….`);
    deps.started(job);
  } finally {
    await api.close();
  }
}

function uploadMessage(p: UploadProgress): string {
  if (p.route === 'single') return p.sentBytes < p.totalBytes ? `${p.totalBytes} bytes in one request…` : 'Sent.';
  const chunks = Math.ceil(p.totalBytes / DEFAULT_UPLOAD_LIMITS.chunkBytes);
  const chunk = Math.ceil(p.sentBytes / DEFAULT_UPLOAD_LIMITS.chunkBytes);
  if (p.retryingChunk !== undefined) return `Chunk ${p.retryingChunk + 1} of ${chunks} failed; sending it again within the same upload…`;
  return `Chunk ${chunk} of ${chunks} sent.`;
}

/** The file the command was run on: the explorer's or editor's, else the active .jsonl editor, else one picked. */
async function trainingFile(target: unknown): Promise<vscode.Uri | undefined> {
  if (target instanceof vscode.Uri) return target;
  const active = vscode.window.activeTextEditor?.document;
  if (active && active.uri.path.endsWith('.jsonl')) return active.uri;
  const [picked] = (await vscode.window.showOpenDialog({ title: 'Train an adaptor on', filters: { 'Training data (JSON lines)': ['jsonl'] }, canSelectMany: false })) ?? [];
  return picked;
}

/** The text as the editor has it (unsaved edits included), else as saved. */
async function fileText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return open.getText();
  return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}
