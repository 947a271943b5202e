// Puts model text into the DOM as rendered markdown: markdown-it's output, sanitized by DOMPurify into a
// fragment of inert nodes. The only place the panels turn model text into elements.

import DOMPurify from 'dompurify';
import { markdownToHtml } from './markdown';
import { SANITIZE_POLICY } from './sanitize-policy';

export function renderMarkdownFragment(text: string): DocumentFragment {
  // A fragment, not a string: no second parse of sanitized HTML, which is where mutation XSS lives.
  return DOMPurify.sanitize(markdownToHtml(text), { ...SANITIZE_POLICY, RETURN_DOM_FRAGMENT: true });
}
