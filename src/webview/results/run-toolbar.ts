// The run's actions: retry failed, resume polling, exports, the ledger, cancel. Each is enabled only
// when it applies to the run as it stands.

import type { CountsView, RunAction, RunPhase } from '../../protocol/results';
import { button, element, setText } from '../shared/dom';
import { RUN_ACTIONS, toolbarButtons } from './wording';

export interface RunToolbar {
  readonly element: HTMLElement;
  update(phase: RunPhase, counts: CountsView): void;
}

export function createRunToolbar(onAction: (action: RunAction) => void, signal: AbortSignal): RunToolbar {
  const root = element('div', 'run-actions');
  root.id = 'actions';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Run actions');
  const buttons = new Map<RunAction, HTMLButtonElement>();
  for (const action of RUN_ACTIONS) {
    const actionButton = button('', action === 'retryFailed' ? 'primary' : 'secondary');
    actionButton.dataset.action = action;
    actionButton.disabled = true;
    buttons.set(action, actionButton);
    root.append(actionButton);
  }
  root.addEventListener(
    'click',
    (event) => {
      const clicked = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
      const action = RUN_ACTIONS.find((known) => known === clicked?.dataset.action);
      if (clicked !== null && !clicked.disabled && action !== undefined) onAction(action);
    },
    { signal },
  );

  return {
    element: root,
    update(phase, counts) {
      const states = toolbarButtons(phase, counts);
      for (const [action, actionButton] of buttons) {
        setText(actionButton, states[action].label);
        actionButton.disabled = !states[action].enabled;
      }
    },
  };
}
