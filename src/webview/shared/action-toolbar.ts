// A panel's actions, as VS Code's editors show theirs: the main ones that apply now as one row of buttons, the rest
// in a "More actions" (…) menu. The row never wraps: a main action that does not apply, or does not fit the panel's
// width, moves to the top of the menu (and back when it applies and fits), so the header keeps one line for its
// actions however narrow the panel is (issue 26 item 15). Each action is enabled only when it applies to the run as
// it stands; the labels carry counts ("Retry failed (3)"), so they are rewritten on every update, and the row is
// fitted again.

import { createActionMenu } from './action-menu';
import { button, element, setText } from './dom';
import type { ToolbarButtonState } from './run-wording';

export interface ActionToolbar<A extends string> {
  readonly element: HTMLElement;
  update(states: Readonly<Record<A, ToolbarButtonState>>): void;
}

/**
 * `actions` in the menu's order; `options.row`: those shown in the row while they apply and fit, left to right (the
 * others are always in the menu); without it every action is in the row, enabled or not (a panel of a few actions).
 * `primary` is drawn as the main button; `label` names the group for screen readers.
 */
export function createActionToolbar<A extends string>(
  actions: readonly A[],
  options: { primary: A; row?: readonly A[]; label: string },
  onAction: (action: A) => void,
  signal: AbortSignal,
): ActionToolbar<A> {
  const root = element('div', 'run-actions');
  root.id = 'actions';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', options.label);
  const row = element('div', 'action-row');
  const more = createActionMenu('more-actions', 'More actions', signal);
  root.append(row, more.button, more.menu);
  const buttons = new Map<A, HTMLButtonElement>();
  for (const action of actions) {
    const actionButton = button('', action === options.primary ? 'primary' : 'secondary');
    actionButton.dataset.action = action;
    actionButton.disabled = true;
    buttons.set(action, actionButton);
  }
  const rowActions = options.row ?? actions;
  const rowButtons = rowActions.map((action) => buttons.get(action)).filter((candidate) => candidate !== undefined);
  const menuButtons = actions.filter((action) => !rowActions.includes(action)).map((action) => buttons.get(action)!);

  /**
   * The first `count` of `shown` (the row's actions that apply now) in the row; the others, and those that do not
   * apply, head the menu. Only the buttons that change places move, so a focused one keeps the focus.
   */
  function place(shown: readonly HTMLButtonElement[], count: number): void {
    const inRow = shown.slice(0, count);
    for (const rowButton of inRow) {
      rowButton.removeAttribute('role');
      rowButton.removeAttribute('tabindex');
    }
    arrange(row, inRow);
    arrange(more.menu, [...rowButtons.filter((candidate) => !inRow.includes(candidate)), ...menuButtons]);
    more.itemsChanged();
  }

  /**
   * The row's actions that apply now, as many as fit beside the … button (as VS Code's editors hide the actions that
   * do not apply). Not while the menu is open (its items stay put), nor while the panel has no width (hidden).
   */
  function fit(): void {
    if (root.clientWidth === 0 || more.isOpen()) return;
    const shown = options.row === undefined ? rowButtons : rowButtons.filter((candidate) => !candidate.disabled);
    for (let count = shown.length; count >= 0; count--) {
      place(shown, count);
      if (root.scrollWidth <= root.clientWidth) return;
    }
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
  const resized = new ResizeObserver(fit);
  resized.observe(root);
  signal.addEventListener('abort', () => resized.disconnect());
  // Labels written while the menu was open may no longer fit.
  more.menu.addEventListener('toggle', fit, { signal });

  place(rowButtons, rowButtons.length);

  return {
    element: root,
    update(states) {
      for (const [action, actionButton] of buttons) {
        setText(actionButton, states[action].label);
        actionButton.disabled = !states[action].enabled;
      }
      fit();
    },
  };
}

/** Puts `children` in `container` in order, moving only those out of place, and nothing else is left in it. */
function arrange(container: HTMLElement, children: readonly HTMLElement[]): void {
  children.forEach((child, at) => {
    if (container.children[at] !== child) container.insertBefore(child, container.children[at] ?? null);
  });
  while (container.children.length > children.length) container.lastElementChild!.remove();
}
