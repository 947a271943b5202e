// Model output as markdown, turned into HTML that can hold nothing active: raw HTML in the text is
// escaped (html: false), bare URLs stay text (linkify: false), images are not rendered (they would be
// remote resources, which the panels never load), a link keeps its target only when it is http(s) or
// mailto, and no element carries a style attribute (the CSP blocks inline styles and would log each).
// The result still goes through DOMPurify before it reaches the DOM (safe-markdown.ts); this layer makes
// that a second line of defence rather than the only one. DOM-free, so Node tests cover it.

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

/**
 * Where the settled part of a growing text ends, as a character offset: the start of its last top-level
 * block whose first line is complete. Whatever is appended, the blocks before that point render the same,
 * so a streaming answer renders them once and re-renders only what follows. The first line has to be
 * complete because a half-typed line can still change what it is ("2" is a paragraph that ends the list
 * above it; "2. " continues that list). One case stays open: a reference definition that comes later
 * (`[x]: https://…`) is missed by blocks rendered before it, which is why a finished answer is rendered
 * whole once more.
 */
export function settledLength(text: string): number {
  const breaks = lineBreakOffsets(text);
  let settledLine = 0;
  for (const token of markdown.parse(text, {})) {
    // Line index `breaks.length` is the unterminated last line.
    if (token.level === 0 && token.nesting !== -1 && token.map !== null && token.map[0] < breaks.length) settledLine = token.map[0];
  }
  return settledLine === 0 ? 0 : breaks[settledLine - 1];
}

/** The offset just after each line break, counting \r\n, \r and \n as markdown-it does. */
function lineBreakOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const match of text.matchAll(/\r\n?|\n/g)) offsets.push(match.index + match[0].length);
  return offsets;
}
