// A panel's actions as a row of buttons. Each is enabled only when it applies to the run as it stands;
// the labels carry counts ("Retry failed (3)"), so they are rewritten on every update.

import { button, element, setText } from './dom';
import type { ToolbarButtonState } from './run-wording';

export interface ActionToolbar<A extends string> {
  readonly element: HTMLElement;
  update(states: Readonly<Record<A, ToolbarButtonState>>): void;
}

/** `actions` left to right; `primary` is drawn as the main button; `label` names the group for screen readers. */
export function createActionToolbar<A extends string>(
  actions: readonly A[],
  options: { primary: A; label: string },
  onAction: (action: A) => void,
  signal: AbortSignal,
): ActionToolbar<A> {
  const root = element('div', 'run-actions');
  root.id = 'actions';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', options.label);
  const buttons = new Map<A, HTMLButtonElement>();
  for (const action of actions) {
    const actionButton = button('', action === options.primary ? 'primary' : 'secondary');
    actionButton.dataset.action = action;
    actionButton.disabled = true;
    buttons.set(action, actionButton);
    root.append(actionButton);
  }
  root.addEventListener(
    'click',
    (event) => {
      const clicked = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
      const action = actions.find((known) => known === clicked?.dataset.action);
      if (clicked !== null && !clicked.disabled && action !== undefined) onAction(action);
    },
    { signal },
  );

  return {
    element: root,
    update(states) {
      for (const [action, actionButton] of buttons) {
        setText(actionButton, states[action].label);
        actionButton.disabled = !states[action].enabled;
      }
    },
  };
}
