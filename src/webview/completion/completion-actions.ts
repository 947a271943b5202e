// Which of the panel's buttons apply to the completion as it stands. DOM-free, so it is unit-tested on Node.

import type { CompletionAction, CompletionView } from '../../protocol/completion';
import type { ToolbarButtonState } from '../shared/run-wording';

export const ACTION_ORDER: readonly CompletionAction[] = ['stop', 'insert', 'copy', 'again'];

const LABELS: Record<CompletionAction, string> = { stop: 'Stop', insert: 'Insert at Cursor', copy: 'Copy', again: 'Complete Again' };

export function actionStates(view: CompletionView | undefined): Record<CompletionAction, ToolbarButtonState> {
  const running = view === undefined || view.state === 'waiting' || view.state === 'streaming';
  const hasText = view !== undefined && view.text !== '';
  const enabled: Record<CompletionAction, boolean> = { stop: view !== undefined && running, insert: !running && hasText, copy: !running && hasText, again: !running };
  return Object.fromEntries(ACTION_ORDER.map((action) => [action, { label: LABELS[action], enabled: enabled[action] }])) as Record<CompletionAction, ToolbarButtonState>;
}
