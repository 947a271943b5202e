// Code blocks of rendered model text get a Copy button. The button is the page's own element, added to
// the sanitized fragment; the code is read back as text when it is clicked.

import { button, element } from '../shared/dom';

export function addCopyButtons(fragment: DocumentFragment): DocumentFragment {
  for (const pre of fragment.querySelectorAll('pre')) {
    const block = element('div', 'code-block');
    const copy = button('Copy', 'copy-code');
    copy.setAttribute('aria-label', 'Copy code');
    pre.replaceWith(block);
    block.append(copy, pre);
  }
  return fragment;
}

/** The code beside a copy button, as plain text. */
export function codeOfCopyButton(copy: Element): string | undefined {
  return copy.closest('.code-block')?.querySelector('pre')?.textContent ?? undefined;
}
