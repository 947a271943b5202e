// What a failed POST /v1/generate means for the group, from the error the client raised.

import { HttpStatusError, NonJsonBodyError, ScalarLMError, TimeoutError, UnreachableError } from '../api/errors';

export type SubmitFailure =
  /** The server may have the group: look before sending again. */
  | 'ambiguous'
  /** Nothing reached the server (refused, connect timeout): safe to send again after a pause. */
  | 'transient'
  /** The server rejected this group (a 500 with its `detail`): its prompts end as errors. */
  | 'group-error'
  /** Every group would fail the same way (unknown model, validation): stop the run. */
  | 'fatal';

// Gateways answer these when the deployment is slow or restarting, possibly after forwarding the body.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function classifySubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ScalarLMError)) return 'fatal';
  if (error.mayHaveBeenProcessed) return 'ambiguous';
  if (error instanceof UnreachableError || (error instanceof TimeoutError && error.phase === 'connect')) return 'transient';
  if (error instanceof NonJsonBodyError) {
    // The plain-text 500 is an unhandled exception, which can come after the batch was enqueued.
    return error.status === 500 || GATEWAY_STATUSES.has(error.status) ? 'ambiguous' : 'fatal';
  }
  if (error instanceof HttpStatusError) {
    if (GATEWAY_STATUSES.has(error.status)) return 'ambiguous';
    if (error.status === 500) return 'group-error';
    return 'fatal';
  }
  return 'ambiguous';
}
