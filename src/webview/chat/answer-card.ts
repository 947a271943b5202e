// One model's answer to one turn: model and state, the waiting or 429 line, the reasoning (collapsed), the
// text, tool calls (with their results, or a box to answer each while the model waits for them), the error
// box, the figures, and the actions, including copying the turn's request as code. Model text goes in as
// textContent, except the answer's markdown, which goes through safe-markdown.ts. Every part is rewritten
// only when it changed, since a streaming answer is drawn every frame.

import type { ToolCallView, Transport } from '../../protocol/chat';
import { button, element, setText } from '../shared/dom';
import { createAnswerContent } from './answer-content';
import { ANSWER_ACTIONS, CODE_ACTIONS, errorText, footerText, formatToolArguments, isFinished, modelLabel, STATE_LABELS, waitingLine, type FooterText } from './answer-text';
import type { AnswerRecord } from './chat-store';

/** What around an answer changes how it is drawn. */
export interface AnswerSituation {
  /** The answer's tool calls can be answered now (the last turn's calls wait for results). */
  toolsOpen: boolean;
  /** The deployment's default model, to name an answer from it. */
  defaultModel?: string;
}

export interface AnswerCard {
  readonly element: HTMLElement;
  /** Draws the answer as it stands at `now` (page clock, ms). */
  render(record: AnswerRecord, now: number, situation: AnswerSituation): void;
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

/** `imported`: the turn came from a file, so it has no request to copy and its answers no model. */
export function createAnswerCard(record: AnswerRecord, transport: Transport, imported: boolean): AnswerCard {
  const root = element('article', 'answer');
  root.dataset.turn = String(record.turn);
  root.dataset.answer = String(record.index);

  const head = element('div', 'answer-head');
  const model = element('span', 'model');
  const badge = element('span', 'badge');
  const actions = element('div', 'answer-actions');
  actions.setAttribute('role', 'group');
  actions.setAttribute('aria-label', 'Answer actions');
  const actionButtons = ANSWER_ACTIONS.map(({ action, label, title }) => {
    const actionButton = button(label, 'secondary');
    actionButton.dataset.answerAction = action;
    actionButton.title = title;
    actions.append(actionButton);
    return actionButton;
  });
  head.append(model, badge, actions);
  if (!imported) {
    const code = element('div', 'code-actions');
    code.setAttribute('role', 'group');
    code.setAttribute('aria-label', 'Copy the request as code');
    code.append(element('span', 'label', 'Copy request as'));
    for (const { format, label } of CODE_ACTIONS) {
      const codeButton = button(label, 'secondary');
      codeButton.dataset.code = format;
      codeButton.title = `Copy the request this answer was asked with as ${label} (the gateway token as $SCALARLM_TOKEN)`;
      code.append(codeButton);
    }
    head.append(code);
  }

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

  let shownModel: string | undefined;
  let shownReasoning = '';
  let shownToolCalls: readonly ToolCallView[] | undefined;
  let shownToolsOpen = false;

  function renderModel(name: string, defaultModel: string | undefined): void {
    const label = imported ? 'from the file' : modelLabel(name, defaultModel);
    if (label === shownModel) return;
    shownModel = label;
    root.dataset.model = name;
    root.setAttribute('aria-label', `Answer from ${label}`);
    setText(model, label);
    // Long model names are cut with an ellipsis; the tooltip has them whole.
    model.title = name === '' ? label : name;
  }

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

  function renderToolCalls(calls: readonly ToolCallView[], open: boolean): void {
    if (calls === shownToolCalls && open === shownToolsOpen) return;
    // Results being typed survive the redraw (another call's result arriving redraws them all).
    const typed = new Map([...toolCalls.querySelectorAll<HTMLTextAreaElement>('textarea.tool-result-input')].map((box) => [box.closest<HTMLElement>('.tool-call')?.dataset.call, box.value]));
    shownToolCalls = calls;
    shownToolsOpen = open;
    toolCalls.hidden = calls.length === 0;
    toolCalls.replaceChildren(
      ...calls.map((call, index) => {
        const item = element('li', 'tool-call');
        item.dataset.call = String(index);
        item.append(element('span', 'tool-name', call.name ?? '(unnamed tool)'));
        if (call.id !== undefined) item.append(element('span', 'tool-id', call.id));
        item.append(element('pre', 'tool-arguments', formatToolArguments(call.arguments)));
        if (call.result !== undefined) {
          const result = element('div', 'tool-result');
          result.append(element('span', 'label', 'Result'), element('pre', 'tool-result-text', call.result));
          item.append(result);
        } else if (open && call.id !== undefined) {
          item.append(resultForm(call, typed.get(String(index)) ?? ''));
        }
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
    render(current, now, situation) {
      const { view } = current;
      const finished = isFinished(view.state);
      renderModel(view.model, situation.defaultModel);
      root.dataset.state = view.state;
      badge.dataset.state = view.state;
      setText(badge, STATE_LABELS[view.state]);
      renderWaiting(current, now);
      renderReasoning(view.reasoning);
      content.show(view.content, finished);
      root.dataset.length = String(view.content.length);
      emptyNote.hidden = !(view.state === 'done' && view.content === '' && view.toolCalls.length === 0);
      renderToolCalls(view.toolCalls, situation.toolsOpen);
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

/** A box for the result of one tool call, and the button that sends it (the conversation's click handler acts on it). */
function resultForm(call: ToolCallView, typed: string): HTMLElement {
  const form = element('div', 'tool-answer');
  const box = element('textarea', 'tool-result-input');
  box.rows = 2;
  box.value = typed;
  box.placeholder = 'The result to send back (JSON or text)';
  box.setAttribute('aria-label', `Result of ${call.name ?? 'the tool call'}`);
  const send = button('Send result', 'primary send-tool-result');
  form.append(box, send);
  return form;
}
