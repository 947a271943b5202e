// The search field and the line saying how many entries show. Typing is debounced so a filter over
// thousands of entries runs once per pause, not once per key.

import { element, setText } from './dom';
import { formatCount } from './format';

/** Long enough to cover a burst of keystrokes, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

export interface SearchBoxOptions {
  /** The placeholder and the field's accessible name: what the search looks through. */
  label: string;
  /** The id of the element the search filters. */
  controls: string;
  /** What is counted, in the singular: "item", "row" (an s makes the plural). */
  noun: string;
}

export interface SearchBox {
  readonly element: HTMLElement;
  setQuery(query: string): void;
  showMatches(shown: number, total: number): void;
}

export function createSearchBox(options: SearchBoxOptions, onSearch: (query: string) => void, signal: AbortSignal): SearchBox {
  const root = element('div', 'search-bar');
  const input = element('input', 'search');
  input.id = 'search';
  input.type = 'search';
  input.placeholder = options.label;
  input.setAttribute('aria-label', options.label);
  input.setAttribute('aria-controls', options.controls);
  input.spellcheck = false;
  const matches = element('span', 'match-count');
  matches.id = 'match-count';
  // Announced after a search settles, so screen reader users hear how many entries it left.
  matches.setAttribute('aria-live', 'polite');
  root.append(input, matches);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    onSearch(input.value);
  };
  input.addEventListener(
    'input',
    () => {
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    },
    { signal },
  );
  // Enter applies at once (no wait for the debounce); Escape clears the field, as in VS Code's own inputs.
  input.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') flush();
      else if (event.key === 'Escape' && input.value !== '') {
        event.preventDefault();
        input.value = '';
        flush();
      }
    },
    { signal },
  );
  signal.addEventListener('abort', () => clearTimeout(timer));

  return {
    element: root,
    setQuery(query) {
      input.value = query;
    },
    showMatches(shown, total) {
      const noun = total === 1 ? options.noun : `${options.noun}s`;
      setText(matches, shown === total ? `${formatCount(total)} ${noun}` : `${formatCount(shown)} of ${formatCount(total)} ${noun}`);
    },
  };
}
