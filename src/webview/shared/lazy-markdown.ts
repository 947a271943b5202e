// The markdown renderer as a page gets it: a bundle of its own (dist/webview/markdown.js, built from
// src/webview/markdown/main.ts) that the page's HTML loads after the page's script, asynchronously. markdown-it
// and DOMPurify are most of a page's code; a page that shows model text paints it first as plain text
// (textContent: inert) and renders it as sanitized markdown once the renderer is here. The two bundles meet
// through one property of the window and one event, both named here.

export interface MarkdownRenderer {
  /** Model text as sanitized markdown (safe-markdown.ts). */
  renderMarkdownFragment(text: string): DocumentFragment;
  /** Where the settled blocks of a growing text end (markdown.ts). */
  settledLength(text: string): number;
}

const GLOBAL = '__scalarlmMarkdown';
const ARRIVED = 'scalarlm-markdown';

type Holder = { [GLOBAL]?: MarkdownRenderer };

/** The renderer bundle hands itself over (markdown/main.ts). */
export function publishMarkdown(renderer: MarkdownRenderer): void {
  (window as unknown as Holder)[GLOBAL] = renderer;
  window.dispatchEvent(new Event(ARRIVED));
}

/** The renderer, once its bundle has run. */
export function markdownRenderer(): MarkdownRenderer | undefined {
  return (window as unknown as Holder)[GLOBAL];
}

/** Calls `arrived` once the renderer is here (at once when it is already). */
export function onMarkdown(arrived: (renderer: MarkdownRenderer) => void): void {
  const renderer = markdownRenderer();
  if (renderer) return arrived(renderer);
  window.addEventListener(ARRIVED, () => arrived(markdownRenderer() as MarkdownRenderer), { once: true });
}
