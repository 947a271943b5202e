// Model output as markdown, turned into HTML that can hold nothing active: raw HTML in the text is
// escaped (html: false), bare URLs stay text (linkify: false), images are not rendered (they would be
// remote resources, which the panel never loads), a link keeps its target only when it is http(s) or
// mailto, and no element carries a style attribute (the CSP blocks inline styles and would log each). The result still goes through DOMPurify before it reaches the DOM (safe-markdown.ts); this
// layer makes that a second line of defence rather than the only one. DOM-free, so Node tests cover it.

import MarkdownIt from 'markdown-it';

/** The only link targets kept: web pages and mail addresses. Shared with the DOMPurify policy. */
export const SAFE_URI = /^(?:https?|mailto):/i;

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
markdown.disable('image');
markdown.validateLink = (url) => SAFE_URI.test(url.trim());
markdown.core.ruler.push('table_alignment_without_style', (state) => {
  for (const token of state.tokens) {
    const style = token.attrGet('style');
    if (style === null) continue;
    // Table cells are the only tokens with a style: "text-align:right" becomes the align attribute.
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    const alignment = /^text-align:(left|center|right)$/.exec(String(style));
    if (alignment !== null) token.attrSet('align', alignment[1]);
  }
});

export function markdownToHtml(text: string): string {
  return markdown.render(text);
}
