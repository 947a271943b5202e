// The search field over prompt, response and error text, and the line saying how many items show.
// Typing is debounced so a 10,000-item filter runs once per pause, not once per key.

import { element, setText } from '../shared/dom';
import { formatCount } from './format';

/** Long enough to cover a burst of keystrokes, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

export interface SearchBox {
  readonly element: HTMLElement;
  setQuery(query: string): void;
  showMatches(shown: number, total: number): void;
}

export function createSearchBox(onSearch: (query: string) => void, signal: AbortSignal): SearchBox {
  const root = element('div', 'search-bar');
  const input = element('input', 'search');
  input.id = 'search';
  input.type = 'search';
  input.placeholder = 'Search prompts, responses and errors';
  input.setAttribute('aria-label', 'Search prompts, responses and errors');
  input.setAttribute('aria-controls', 'list');
  input.spellcheck = false;
  const matches = element('span', 'match-count');
  matches.id = 'match-count';
  // Announced after a search settles, so screen reader users hear how many items it left.
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
      setText(matches, shown === total ? `${formatCount(total)} items` : `${formatCount(shown)} of ${formatCount(total)} items`);
    },
  };
}
