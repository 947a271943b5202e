// Groups whose submit could not be confirmed: the host's note, why they were not sent again, and a
// button to resubmit each one deliberately.

import type { ProgressView } from '../../protocol/results';
import { button, element } from '../shared/dom';
import { resubmitLabel, unknownGroupExplanation } from './wording';

export interface UnknownGroupsView {
  readonly element: HTMLElement;
  show(groups: ProgressView['unknownGroups']): void;
}

/**
 * After a click the button rests this long: a double click or a repeated Enter must not ask twice for
 * the very thing this box warns about. The host's next progress normally removes the group anyway.
 */
const RESUBMIT_COOLDOWN_MS = 3000;

export function createUnknownGroupsView(onResubmit: (group: number) => void, signal: AbortSignal): UnknownGroupsView {
  const root = element('section', 'unknown-groups');
  root.id = 'unknown-groups';
  root.hidden = true;
  root.setAttribute('aria-labelledby', 'unknown-groups-title');
  const title = element('h2', undefined, 'Groups not confirmed');
  title.id = 'unknown-groups-title';
  const list = element('ul');
  root.append(title, list);
  // Rebuilt only when the groups or their notes change, so a focused button survives progress updates.
  let shown = '';

  const cooldowns = new Set<ReturnType<typeof setTimeout>>();
  signal.addEventListener('abort', () => cooldowns.forEach(clearTimeout));
  root.addEventListener(
    'click',
    (event) => {
      const clicked = (event.target as Element).closest<HTMLButtonElement>('button[data-group]');
      if (clicked === null || clicked.disabled) return;
      clicked.disabled = true;
      const cooldown = setTimeout(() => {
        cooldowns.delete(cooldown);
        clicked.disabled = false;
      }, RESUBMIT_COOLDOWN_MS);
      cooldowns.add(cooldown);
      onResubmit(Number(clicked.dataset.group));
    },
    { signal },
  );

  return {
    element: root,
    show(groups) {
      const key = JSON.stringify(groups);
      if (key === shown) return;
      shown = key;
      root.hidden = groups.length === 0;
      list.replaceChildren(
        ...groups.map(({ group, note }) => {
          const entry = element('li', 'unknown-group');
          const resubmit = button(resubmitLabel(group), 'secondary');
          resubmit.dataset.group = String(group);
          entry.append(element('p', 'unknown-note', note), element('p', 'unknown-explanation', unknownGroupExplanation(group)), resubmit);
          return entry;
        }),
      );
    },
  };
}
