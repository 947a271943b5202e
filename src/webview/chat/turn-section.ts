// One turn of the conversation: the user's message as plain text (or, for a tool turn, that the results
// were sent), then one answer per model, side by side (stacked on a narrow panel, by the stylesheet).

import { element } from '../shared/dom';
import { createAnswerCard, type AnswerCard } from './answer-card';
import type { TurnRecord } from './chat-store';

export interface TurnSection {
  readonly element: HTMLElement;
  readonly answers: readonly AnswerCard[];
}

export function createTurnSection(turn: TurnRecord, index: number): TurnSection {
  const root = element('section', 'turn');
  root.dataset.turn = String(index);
  root.setAttribute('aria-label', `Turn ${index + 1}`);
  const message = element('div', 'user-message');
  if (turn.kind === 'tool') {
    root.dataset.kind = 'tool';
    message.append(element('span', 'speaker', 'Tools'), element('div', 'user tool-turn', 'The tool results above were sent back.'));
  } else {
    message.append(element('span', 'speaker', 'You'), element('div', 'user', turn.user));
  }
  const answers = turn.answers.map((record) => createAnswerCard(record, turn.transport, turn.imported === true));
  const grid = element('div', 'answers');
  // The column count goes in through the CSSOM (the CSP blocks style attributes, not style properties).
  grid.style.setProperty('--columns', String(Math.max(1, answers.length)));
  grid.append(...answers.map((answer) => answer.element));
  root.append(message, grid);
  return { element: root, answers };
}
