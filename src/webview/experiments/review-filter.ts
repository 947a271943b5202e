// The reviews beside the other filters: how many of the run's answers are reviewed ("reviewed 12 of 40 answers",
// the host's count) and, once some are, rows with a reviewed answer or with an answer not reviewed yet (one at a
// time; pressing the active one again shows all). Real toggle buttons (aria-pressed), as the state chips are.

import type { ReviewChoice, ReviewCountView } from '../../protocol/experiments';
import { button, element, setPressed, setText } from '../shared/dom';
import { reviewCountText } from './review-text';

export interface ReviewFilter {
  readonly element: HTMLElement;
  /** The host's count; absent until it sent one. */
  showCount(count: ReviewCountView | undefined): void;
  showActive(choice: ReviewChoice | undefined): void;
}

const REVIEW_CHIPS: readonly { choice: ReviewChoice; label: string; title: string }[] = [
  { choice: 'reviewed', label: 'Reviewed', title: 'Show rows with an answer someone reviewed (good or bad).' },
  { choice: 'unreviewed', label: 'Not reviewed', title: 'Show rows with an answer nobody reviewed yet.' },
];

export function createReviewFilter(chosen: (choice: ReviewChoice | undefined) => void, signal: AbortSignal): ReviewFilter {
  const root = element('div', 'counts review-filter');
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Reviews: show rows by review');
  const count = element('span', 'review-count');
  const chips = REVIEW_CHIPS.map(({ choice, label, title }) => {
    const chip = button(label, 'chip');
    chip.dataset.review = choice;
    chip.title = title;
    return { choice, chip };
  });
  root.append(count, ...chips.map(({ chip }) => chip));

  let active: ReviewChoice | undefined;
  let shown: ReviewCountView | undefined;

  function showAvailability(): void {
    root.hidden = (shown === undefined || shown.answered === 0) && active === undefined;
    const chipsShown = (shown !== undefined && shown.reviewed > 0) || active !== undefined;
    for (const { chip } of chips) chip.hidden = !chipsShown;
  }

  root.addEventListener(
    'click',
    (event) => {
      const chip = chips.find((known) => known.chip === (event.target as Element).closest('button.chip'));
      if (chip !== undefined) chosen(chip.choice === active ? undefined : chip.choice);
    },
    { signal },
  );

  showAvailability();
  return {
    element: root,
    showCount(next) {
      shown = next;
      setText(count, next === undefined ? '' : reviewCountText(next));
      showAvailability();
    },
    showActive(choice) {
      active = choice;
      for (const { choice: chipChoice, chip } of chips) setPressed(chip, chipChoice === choice);
      showAvailability();
    },
  };
}
