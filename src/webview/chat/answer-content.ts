// An answer's text as sanitized markdown. While the answer streams, blocks that have settled are rendered
// once and appended, and only the tail after them is rendered again, so a frame costs the size of the last
// block rather than of the whole answer. A finished answer is rendered whole, once: its final form is the
// markdown of the whole text, whatever the cuts were.
//
// Rendered blocks go into chunks of a few dozen. A full chunk is sealed, and the stylesheet lets the
// browser skip sealed chunks that are out of view (content-visibility), so a long answer costs each frame
// its last chunk and its tail, not every block it has.
//
// Until the markdown renderer has loaded (shared/lazy-markdown.ts), the text shows as plain text (set as
// textContent, so nothing in it is markup), then it is rendered again as markdown.

import { element } from '../shared/dom';
import { markdownRenderer, onMarkdown, type MarkdownRenderer } from '../shared/lazy-markdown';
import { addCopyButtons } from './code-blocks';
import { SettledBlocks } from './settled-blocks';

export interface AnswerContent {
  readonly element: HTMLElement;
  /** Shows `text`; does nothing when it is what is shown already. */
  show(text: string, finished: boolean): void;
}

/** Blocks per chunk: enough to keep the chunks few, few enough that the open chunk is cheap to lay out. */
const BLOCKS_PER_CHUNK = 24;

export function createAnswerContent(): AnswerContent {
  const root = element('div', 'content markdown');
  // Not announced: screen readers hear state changes (conversation-view.ts), not every token.
  root.setAttribute('aria-live', 'off');
  const tail = element('div', 'content-tail');
  let blocks: SettledBlocks | undefined;
  let openChunk: HTMLElement | undefined;
  let shown = '';
  let shownFinished = false;
  /** Plain text was shown (the renderer was not here yet), and a markdown render asked for when it comes. */
  let upgradeAsked = false;

  function append(markdown: MarkdownRenderer, text: string): void {
    const fragment = addCopyButtons(markdown.renderMarkdownFragment(text));
    for (const node of [...fragment.childNodes]) {
      if (openChunk === undefined || (node instanceof Element && openChunk.childElementCount >= BLOCKS_PER_CHUNK)) {
        sealOpenChunk();
        openChunk = element('div', 'chunk');
        root.insertBefore(openChunk, tail.parentNode === root ? tail : null);
      }
      openChunk.append(node);
    }
  }

  function sealOpenChunk(): void {
    openChunk?.classList.add('sealed');
  }

  function renderWhole(markdown: MarkdownRenderer, text: string): void {
    blocks = undefined;
    openChunk = undefined;
    root.replaceChildren();
    if (text !== '') append(markdown, text);
    sealOpenChunk();
  }

  function renderGrowing(markdown: MarkdownRenderer, text: string): void {
    // A text that does not extend the one shown (a retried answer starts again) is laid out afresh.
    if (blocks === undefined || !text.startsWith(shown)) {
      blocks = new SettledBlocks(markdown.settledLength);
      openChunk = undefined;
      root.replaceChildren(tail);
    }
    const step = blocks.next(text);
    if (step.settled !== '') append(markdown, step.settled);
    if (step.tail === '') tail.replaceChildren();
    else tail.replaceChildren(addCopyButtons(markdown.renderMarkdownFragment(step.tail)));
  }

  /** The text as it is, inert, until the renderer is here; then rendered again, as markdown. */
  function renderPlain(text: string): void {
    if (!upgradeAsked) onMarkdown(() => render(shown, shownFinished));
    upgradeAsked = true;
    blocks = undefined;
    openChunk = undefined;
    root.replaceChildren(...(text === '' ? [] : [element('p', 'plain-text', text)]));
  }

  function render(text: string, finished: boolean): void {
    const markdown = markdownRenderer();
    if (markdown === undefined) renderPlain(text);
    else if (finished) renderWhole(markdown, text);
    else renderGrowing(markdown, text);
  }

  return {
    element: root,
    show(text, finished) {
      if (text === shown && finished === shownFinished) return;
      render(text, finished);
      shown = text;
      shownFinished = finished;
    },
  };
}
