// An answer's text as sanitized markdown. While the answer streams, blocks that have settled are rendered
// once and appended, and only the tail after them is rendered again, so a frame costs the size of the last
// block rather than of the whole answer. A finished answer is rendered whole, once: its final form is the
// markdown of the whole text, whatever the cuts were.
//
// Rendered blocks go into chunks of a few dozen. A full chunk is sealed, and the stylesheet lets the
// browser skip sealed chunks that are out of view (content-visibility), so a long answer costs each frame
// its last chunk and its tail, not every block it has.

import { element } from '../shared/dom';
import { renderMarkdownFragment } from '../shared/safe-markdown';
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

  function append(text: string): void {
    const fragment = addCopyButtons(renderMarkdownFragment(text));
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

  function renderWhole(text: string): void {
    blocks = undefined;
    openChunk = undefined;
    root.replaceChildren();
    if (text !== '') append(text);
    sealOpenChunk();
  }

  function renderGrowing(text: string): void {
    // A text that does not extend the one shown (a retried answer starts again) is laid out afresh.
    if (blocks === undefined || !text.startsWith(shown)) {
      blocks = new SettledBlocks();
      openChunk = undefined;
      root.replaceChildren(tail);
    }
    const step = blocks.next(text);
    if (step.settled !== '') append(step.settled);
    if (step.tail === '') tail.replaceChildren();
    else tail.replaceChildren(addCopyButtons(renderMarkdownFragment(step.tail)));
  }

  return {
    element: root,
    show(text, finished) {
      if (text === shown && finished === shownFinished) return;
      if (finished) renderWhole(text);
      else renderGrowing(text);
      shown = text;
      shownFinished = finished;
    },
  };
}
