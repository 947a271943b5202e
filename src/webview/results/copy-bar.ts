// "Copy request as cURL / Python / TypeScript": a batch group's POST /v1/generate as code, the group of the
// item in the detail pane (else the first). The host builds the code: the page only says which format.

import type { CodeFormat } from '../../protocol/results';
import { button, element, setText } from '../shared/dom';
import { CODE_BUTTONS, copyTarget } from './wording';

export interface CopyBar {
  readonly element: HTMLElement;
  /** The group of the item shown in the detail pane; undefined when none is. */
  showGroup(group: number | undefined): void;
}

export function createCopyBar(onCopy: (format: CodeFormat) => void, signal: AbortSignal): CopyBar {
  const root = element('div', 'copy-request');
  root.id = 'copy-request';
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Copy the request as code');
  const target = element('span', 'copy-target');
  root.append(element('span', 'label', 'Copy request as'));
  for (const { format, label } of CODE_BUTTONS) {
    const copy = button(label, 'secondary');
    copy.dataset.code = format;
    root.append(copy);
  }
  root.append(target);
  root.addEventListener(
    'click',
    (event) => {
      const format = CODE_BUTTONS.find(({ format: known }) => known === (event.target as Element).closest<HTMLButtonElement>('button[data-code]')?.dataset.code)?.format;
      if (format !== undefined) onCopy(format);
    },
    { signal },
  );

  return {
    element: root,
    showGroup(group) {
      setText(target, `(${copyTarget(group)}; the gateway token as $SCALARLM_TOKEN)`);
    },
  };
}
