// Model output as markdown, turned into HTML that can hold nothing active: raw HTML in the text is
// escaped (html: false), bare URLs stay text (linkify: false), images are not rendered (they would be
// remote resources, which the panel never loads), and a link keeps its target only when it is http(s) or
// mailto. The result still goes through DOMPurify before it reaches the DOM (safe-markdown.ts); this
// layer makes that a second line of defence rather than the only one. DOM-free, so Node tests cover it.

import MarkdownIt from 'markdown-it';

/** The only link targets kept: web pages and mail addresses. Shared with the DOMPurify policy. */
export const SAFE_URI = /^(?:https?|mailto):/i;

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
markdown.disable('image');
markdown.validateLink = (url) => SAFE_URI.test(url.trim());

export function markdownToHtml(text: string): string {
  return markdown.render(text);
}
