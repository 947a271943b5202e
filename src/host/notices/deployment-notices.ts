// Errors whose cause is the deployment itself (none is set, or it cannot be reached) are shown with the ways
// out a newcomer needs: the local simulator, another URL, the log. The cause is named, so a failed command
// and the background poll noticing the same unreachable deployment make one notification, not two. No
// 'vscode' import, so the wording is unit-tested on Node.

import { CHECK_BASE_URL } from '../../core/api/transport-errors';
import { TimeoutError, UnreachableError } from '../../core/api/errors';
import { OPEN_LOG, type Notice, type NoticeAction } from './open-notices';

export const FIX_DEPLOYMENT: readonly NoticeAction[] = [
  { label: 'Start Local Simulator', command: 'scalarlm.startSimulator' },
  { label: 'Select Deployment URL', command: 'scalarlm.selectDeploymentUrl' },
  OPEN_LOG,
];

export const UNCONFIGURED_CAUSE = 'no deployment';

const UNREACHABLE = 'unreachable ';

export function unreachableCause(baseUrl: string): string {
  return `${UNREACHABLE}${baseUrl}`;
}

/** Whether what was said about a cause no longer holds now that `current` is the deployment (undefined: none). */
export function outdatedBy(cause: string, current: string | undefined): boolean {
  if (cause === UNCONFIGURED_CAUSE) return current !== undefined;
  return cause.startsWith(UNREACHABLE) && (current === undefined || cause !== unreachableCause(current));
}

/** What the editor says instead of the command line's advice (`--url`, `scalarlm-lab sim`): its buttons do that. */
const EDITOR_ADVICE = 'Start the local simulator, or select another deployment URL.';

/** The client's message with the editor's advice in place of the command line's. */
export function editorMessage(message: string): string {
  const at = message.indexOf(CHECK_BASE_URL);
  return at < 0 ? message : `${message.slice(0, at).trim()} ${EDITOR_ADVICE}`;
}

/**
 * The notice for an error the deployment causes, or undefined for any other. `problem` is why there is no
 * deployment now (Connection.problem): an error carrying that text is that cause.
 */
export function deploymentNotice(error: unknown, problem: string | undefined): Notice | undefined {
  if (cannotConnect(error)) {
    return { cause: unreachableCause(error.context.baseUrl), message: editorMessage(error.message), severity: 'error', actions: FIX_DEPLOYMENT };
  }
  if (problem !== undefined && error instanceof Error && error.message === problem) {
    return { cause: UNCONFIGURED_CAUSE, message: problem, severity: 'error', actions: FIX_DEPLOYMENT };
  }
  return undefined;
}

/**
 * Nothing got through to the deployment: refused, no such host, no route, a connect timeout, a read cut off.
 * A POST cut off after it went out is about that request (it may have arrived), not about the deployment.
 */
function cannotConnect(error: unknown): error is UnreachableError | TimeoutError {
  if (error instanceof UnreachableError) return !error.mayHaveBeenProcessed;
  return error instanceof TimeoutError && error.phase === 'connect';
}
