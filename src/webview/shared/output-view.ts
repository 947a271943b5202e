// A model's answer in a detail pane: a heading with a Raw / Rendered toggle (and the panel's own buttons
// beside it), the text, and a note for when there is none. Raw text goes in as textContent; rendered
// markdown only through safe-markdown.ts, by way of the markdown renderer bundle (lazy-markdown.ts): until
// it has loaded, Rendered shows the raw text, and is drawn again when it comes.

import { button, element, setPressed, setText } from './dom';
import { markdownRenderer, onMarkdown } from './lazy-markdown';
import type { OutputFormat } from './saved-state';

export interface OutputView {
  readonly element: HTMLElement;
  /** Where the panel puts its buttons (copy, open), after the toggle. */
  readonly head: HTMLElement;
  /** The text (null: none yet) and the note under it ('' for none). Redraws only when the text changed. */
  show(text: string | null, note: string): void;
  setFormat(format: OutputFormat): void;
}

/** `title`: the section's heading ("Response", "Output"). */
export function createOutputView(title: string, onFormatChosen: (format: OutputFormat) => void, signal: AbortSignal): OutputView {
  const formatButtons = new Map<OutputFormat, HTMLButtonElement>();
  const formatGroup = element('div', 'format-toggle');
  formatGroup.setAttribute('role', 'group');
  formatGroup.setAttribute('aria-label', `Show the ${title.toLowerCase()} as`);
  for (const [format, label] of [['raw', 'Raw'], ['rendered', 'Rendered']] as const) {
    const toggle = button(label, 'toggle');
    toggle.dataset.format = format;
    formatButtons.set(format, toggle);
    formatGroup.append(toggle);
  }
  const head = element('div', 'section-head');
  head.append(element('h3', undefined, title), formatGroup);
  const body = element('div', 'response');
  const note = element('p', 'response-note');
  const root = element('section', 'response-section');
  root.append(head, body, note);

  let text: string | null = null;
  let drawn: { text: string | null; format: OutputFormat } | undefined;
  let format: OutputFormat = 'rendered';
  /** Rendered was asked for before the markdown renderer came: a redraw is due when it does. */
  let redrawAsked = false;

  function render(): void {
    for (const [key, toggle] of formatButtons) setPressed(toggle, key === format);
    if (drawn?.text === text && drawn.format === format) return;
    drawn = { text, format };
    body.dataset.format = format;
    body.hidden = text === null;
    const markdown = markdownRenderer();
    if (text === null) {
      body.replaceChildren();
    } else if (format === 'raw' || markdown === undefined) {
      body.replaceChildren(element('pre', 'response-raw', text));
      if (format === 'rendered' && !redrawAsked) onMarkdown(redraw);
      redrawAsked ||= format === 'rendered';
    } else {
      body.replaceChildren(markdown.renderMarkdownFragment(text));
    }
    body.classList.toggle('markdown', format === 'rendered' && text !== null && markdown !== undefined);
  }

  /** Drawn again, whatever was drawn: the markdown renderer has come. */
  function redraw(): void {
    drawn = undefined;
    render();
  }

  formatGroup.addEventListener(
    'click',
    (event) => {
      const chosen = (event.target as Element).closest<HTMLButtonElement>('button[data-format]')?.dataset.format;
      if (chosen === 'raw' || chosen === 'rendered') onFormatChosen(chosen);
    },
    { signal },
  );

  return {
    element: root,
    head,
    show(nextText, nextNote) {
      text = nextText;
      render();
      setText(note, nextNote);
      note.hidden = nextNote === '';
    },
    setFormat(next) {
      format = next;
      render();
    },
  };
}
