// One clear message for each way the training routes fail. The same unknown hash is a 500 on job detail and
// logs, a 404 on the dataset and 200 `null` on cancel (training.md §6, §10.7); an upload error is always a
// 500 whose detail starts "There was an error uploading the file: " (§2.1).

import { type ErrorContext, HttpStatusError, type ScalarLMError } from '../api/errors';

const UPLOAD_ERROR_PREFIX = 'There was an error uploading the file: ';
const NOT_FOUND = /Training job (\S+) was not found in PVC or Synology/;

/** The job is unknown to the deployment, whichever way the route said so. */
export class TrainingJobNotFoundError extends HttpStatusError {}

export function jobNotFound(hash: string, context: ErrorContext, status: number, body: unknown): TrainingJobNotFoundError {
  return new TrainingJobNotFoundError(
    `The deployment has no training job "${hash}" (${context.method} ${context.path} answered ${status === 200 ? 'null' : `HTTP ${status}`}). Check the hash: scalarlm-lab jobs lists the deployment's jobs.`,
    context,
    status,
    undefined,
    undefined,
    body,
  );
}

/** Whether a detail or `error` text is the server's "job not found". */
export function saysNotFound(text: string | undefined): boolean {
  return text !== undefined && NOT_FOUND.test(text);
}

/** Job detail's 500 for status.json caught mid-rewrite: retried, never shown unless it persists (§3.2). */
export function saysStatusMidWrite(text: string | undefined): boolean {
  return text !== undefined && /Training job was not found at /.test(text);
}

/** A failed upload, said once: what the server could not do, without its catch-all wrapping. */
export function uploadError(error: ScalarLMError): ScalarLMError {
  if (!(error instanceof HttpStatusError)) return error;
  const detail = typeof error.detail === 'string' ? error.detail : undefined;
  let message: string | undefined;
  if (error.status === 413 && error.context.path.endsWith('/upload/chunk')) {
    // The server's upload_chunk_size_limit: smaller chunks pass, however large the archive (training.md §2.2).
    message = `The deployment refused a chunk of the training upload as too large (HTTP 413: ${detail ?? 'no detail'}). Send smaller chunks: lower --chunk-size.`;
  } else if (error.status === 413) {
    message = `The deployment refused the training upload as too large (HTTP 413: ${detail ?? 'no detail'}). Send it through the chunked upload: lower --chunked-above.`;
  } else if (error.status === 400 && detail) {
    message = `The deployment refused the training job: ${detail}`;
  } else if (detail?.startsWith(UPLOAD_ERROR_PREFIX)) {
    message = `The deployment could not take the training upload: ${detail.slice(UPLOAD_ERROR_PREFIX.length)} (HTTP ${error.status}). Its logs have the details (trace id ${error.traceId}).`;
  }
  return message === undefined ? error : new HttpStatusError(message, error.context, error.status, error.detail, error.retryAfterSeconds, error.body);
}

/** restart's 409: the job is in a state it cannot be restarted from (only FAILED or CANCELLED). */
export function restartRefused(hash: string, detail: string, context: ErrorContext, body: unknown): HttpStatusError {
  const state = /in state '([^']+)'/.exec(detail)?.[1];
  const why =
    state === 'COMPLETED'
      ? 'it completed; to train again with other data or arguments, train them'
      : state === 'QUEUED' || state === 'TRAINING'
        ? 'it is still running (a cancel does not stop it on current servers; delete does)'
        : `it is ${state ?? 'in another state'}`;
  return new HttpStatusError(`Job ${hash} cannot be restarted: the deployment restarts only a FAILED or CANCELLED job, and ${why} (HTTP 409: ${detail})`, context, 409, detail, undefined, body);
}
