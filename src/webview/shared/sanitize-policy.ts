// What DOMPurify lets through from the rendered markdown: the tags markdown-it produces for text, with
// no attributes but a link's target and title, a list's start and a table cell's alignment. No style
// attributes: the panels' CSP forbids inline styles. DOM-free (plain data), so Node tests can check the
// policy without a browser.

import { SAFE_URI } from './markdown';

export const SANITIZE_POLICY = {
  ALLOWED_TAGS: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  ALLOWED_ATTR: ['href', 'title', 'start', 'align'],
  ALLOWED_URI_REGEXP: SAFE_URI,
  // DOMPurify holds every attribute it does not know to be plain text to ALLOWED_URI_REGEXP, which would
  // drop "3" and "right" (they are not http, https or mailto URIs). Only href is a URI here.
  ADD_URI_SAFE_ATTR: ['title', 'start', 'align'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
