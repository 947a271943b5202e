// The reviews beside the other filters: how many of the run's answers are reviewed ("reviewed 12 of 40 answers",
// the host's count) and, once some are, rows with a reviewed answer or with an answer not reviewed yet (one at a
// time; pressing the active one again shows all). Real toggle buttons (aria-pressed), as the state chips are.

import type { ReviewChoice, ReviewCountView } from '../../protocol/experiments';
import { element, setPressed, setText } from '../shared/dom';
import { chipGroup, type ChipSpec } from './chip-group';
import { reviewCountText } from './review-text';

export interface ReviewFilter {
  readonly element: HTMLElement;
  /** The host's count; absent until it sent one. */
  showCount(count: ReviewCountView | undefined): void;
  showActive(choice: ReviewChoice | undefined): void;
}

const REVIEW_CHIPS: readonly ChipSpec<ReviewChoice>[] = [
  { value: 'reviewed', label: 'Reviewed', title: 'Show rows with an answer someone reviewed (good or bad).' },
  { value: 'unreviewed', label: 'Not reviewed', title: 'Show rows with an answer nobody reviewed yet.' },
];

export function createReviewFilter(chosen: (choice: ReviewChoice | undefined) => void, signal: AbortSignal): ReviewFilter {
  const group = chipGroup('review-filter', 'Reviews: show rows by review', REVIEW_CHIPS, 'review');
  const { root, chips } = group;
  const count = element('span', 'review-count');
  root.prepend(count);

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
      const choice = group.clicked(event)?.value;
      if (choice !== undefined) chosen(choice === active ? undefined : choice);
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
      for (const { value, chip } of chips) setPressed(chip, value === choice);
      showAvailability();
    },
  };
}
