// One turn of the conversation: the user's message as plain text, then one answer per model, side by side
// (stacked on a narrow panel, by the stylesheet).

import type { ChatView } from '../../protocol/chat';
import { element } from '../shared/dom';
import { createAnswerCard, type AnswerCard } from './answer-card';
import type { TurnRecord } from './chat-store';

export interface TurnSection {
  readonly element: HTMLElement;
  readonly answers: readonly AnswerCard[];
}

export function createTurnSection(turn: TurnRecord, index: number, transport: ChatView['transport']): TurnSection {
  const root = element('section', 'turn');
  root.dataset.turn = String(index);
  root.setAttribute('aria-label', `Turn ${index + 1}`);
  const message = element('div', 'user-message');
  message.append(element('span', 'speaker', 'You'), element('div', 'user', turn.user));
  const answers = turn.answers.map((record) => createAnswerCard(record, transport));
  const grid = element('div', 'answers');
  // The column count goes in through the CSSOM (the CSP blocks style attributes, not style properties).
  grid.style.setProperty('--columns', String(Math.max(1, answers.length)));
  grid.append(...answers.map((answer) => answer.element));
  root.append(message, grid);
  return { element: root, answers };
}
