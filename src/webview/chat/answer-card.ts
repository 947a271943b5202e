// One model's answer to one turn: model and state, the waiting or 429 line, the reasoning (collapsed), the
// text, tool calls, the error box, the figures, and the actions. Model text goes in as textContent, except
// the answer's markdown, which goes through safe-markdown.ts. Every part is rewritten only when it changed,
// since a streaming answer is drawn every frame.

import type { ChatView, ToolCallView } from '../../protocol/chat';
import { button, element, setText } from '../shared/dom';
import { createAnswerContent } from './answer-content';
import { ANSWER_ACTIONS, errorText, footerText, formatToolArguments, isFinished, modelLabel, STATE_LABELS, waitingLine, type FooterText } from './answer-text';
import type { AnswerRecord } from './chat-store';

export interface AnswerCard {
  readonly element: HTMLElement;
  /** Draws the answer as it stands at `now` (page clock, ms). */
  render(record: AnswerRecord, now: number): void;
  /** Redraws only the waiting or 429 line, which counts every second. */
  tick(record: AnswerRecord, now: number): void;
}

/** The footer's figures, left to right, with the class each one's element has. */
const FOOTER_PARTS: readonly [keyof FooterText, string][] = [
  ['finishReason', 'finish-reason'],
  ['usage', 'usage'],
  ['ttft', 'ttft'],
  ['rate', 'rate'],
  ['total', 'total'],
];

export function createAnswerCard(record: AnswerRecord, transport: ChatView['transport']): AnswerCard {
  const root = element('article', 'answer');
  root.dataset.turn = String(record.turn);
  root.dataset.answer = String(record.index);
  root.dataset.model = record.view.model;
  root.setAttribute('aria-label', `Answer from ${modelLabel(record.view.model)}`);

  const head = element('div', 'answer-head');
  const model = element('span', 'model', modelLabel(record.view.model));
  // Long model names are cut with an ellipsis; the tooltip has them whole.
  model.title = modelLabel(record.view.model);
  const badge = element('span', 'badge');
  const actions = element('div', 'answer-actions');
  actions.setAttribute('role', 'group');
  actions.setAttribute('aria-label', 'Answer actions');
  const actionButtons = ANSWER_ACTIONS.map(({ action, label }) => {
    const actionButton = button(label, 'secondary');
    actionButton.dataset.answerAction = action;
    actions.append(actionButton);
    return actionButton;
  });
  head.append(model, badge, actions);

  const waiting = element('p', 'waiting');
  waiting.setAttribute('aria-live', 'off');
  const reasoning = element('details', 'reasoning');
  const reasoningText = document.createTextNode('');
  const reasoningBody = element('div', 'reasoning-text');
  reasoningBody.append(reasoningText);
  reasoning.append(element('summary', undefined, 'Reasoning'), reasoningBody);
  reasoning.hidden = true;
  const content = createAnswerContent();
  const emptyNote = element('p', 'empty-note', 'The answer has no text.');
  const toolCalls = element('ul', 'tool-calls');
  toolCalls.setAttribute('aria-label', 'Tool calls');
  const error = element('div', 'error');
  const footer = element('div', 'footer');
  const footerParts = new Map(FOOTER_PARTS.map(([part, className]) => [part, element('span', className)]));
  footer.append(...footerParts.values());
  root.append(head, waiting, reasoning, content.element, emptyNote, toolCalls, error, footer);

  let shownReasoning = '';
  let shownToolCalls: readonly ToolCallView[] | undefined;

  function renderWaiting({ view, receivedAt }: AnswerRecord, now: number): void {
    const line = waitingLine(view, transport, now - receivedAt);
    waiting.hidden = line === undefined;
    setText(waiting, line?.text ?? '');
    if (line === undefined) delete waiting.dataset.kind;
    else waiting.dataset.kind = line.kind;
  }

  function renderReasoning(text: string): void {
    if (text === shownReasoning) return;
    // Reasoning streams like the answer: append what is new rather than rewriting the whole text.
    if (text.startsWith(shownReasoning)) reasoningText.appendData(text.slice(shownReasoning.length));
    else reasoningText.data = text;
    shownReasoning = text;
    reasoning.hidden = text === '';
  }

  function renderToolCalls(calls: readonly ToolCallView[]): void {
    if (calls === shownToolCalls) return;
    shownToolCalls = calls;
    toolCalls.hidden = calls.length === 0;
    toolCalls.replaceChildren(
      ...calls.map((call) => {
        const item = element('li', 'tool-call');
        item.append(element('span', 'tool-name', call.name ?? '(unnamed tool)'));
        if (call.id !== undefined) item.append(element('span', 'tool-id', call.id));
        item.append(element('pre', 'tool-arguments', formatToolArguments(call.arguments)));
        return item;
      }),
    );
  }

  function renderFooter(text: FooterText): void {
    for (const [part, span] of footerParts) {
      setText(span, text[part] ?? '');
      span.hidden = text[part] === undefined;
    }
    footer.hidden = FOOTER_PARTS.every(([part]) => text[part] === undefined);
  }

  return {
    element: root,
    render(current, now) {
      const { view } = current;
      const finished = isFinished(view.state);
      root.dataset.state = view.state;
      badge.dataset.state = view.state;
      setText(badge, STATE_LABELS[view.state]);
      renderWaiting(current, now);
      renderReasoning(view.reasoning);
      content.show(view.content, finished);
      root.dataset.length = String(view.content.length);
      emptyNote.hidden = !(view.state === 'done' && view.content === '' && view.toolCalls.length === 0);
      renderToolCalls(view.toolCalls);
      const problem = errorText(view);
      error.hidden = problem === undefined;
      setText(error, problem ?? '');
      renderFooter(footerText(view));
      for (const actionButton of actionButtons) actionButton.disabled = view.content === '';
    },
    tick(current, now) {
      renderWaiting(current, now);
    },
  };
}
