// The completion page, built once with DOM APIs; render() only updates text and attributes. The prompt's
// end and the continuation are one preformatted text, so the continuation reads on from where the prompt
// stops; the continuation is model output and goes in as text only.
//
// The page's DOM, which host tests read (keep it stable):
//   main[data-view="scalarlm-completion"][data-state="waiting|streaming|done|stopped|error|incomplete"][data-length]
//     data-length: characters of the continuation shown
//   #source, #request, #actions > button[data-action="stop|insert|copy|again"], #state (aria-live polite),
//   pre#output > span.prompt + span.continuation, #figures (hidden until known)

import type { CompletionAction, CompletionView } from '../../protocol/completion';
import { createActionToolbar } from '../shared/action-toolbar';
import { element, setText } from '../shared/dom';
import { ACTION_ORDER, actionStates } from './completion-actions';

export interface CompletionPage {
  render(view: CompletionView): void;
}

export function createCompletionPage(container: HTMLElement, onAction: (action: CompletionAction) => void, signal: AbortSignal): CompletionPage {
  const main = element('main');
  main.dataset.view = 'scalarlm-completion';
  main.dataset.state = 'waiting';
  const header = element('header');
  const source = element('h1', undefined, 'Completion');
  source.id = 'source';
  const request = element('p');
  request.id = 'request';
  header.append(source, request);
  const toolbar = createActionToolbar(ACTION_ORDER, { primary: 'insert', label: 'Completion actions' }, onAction, signal);
  toolbar.update(actionStates(undefined));
  const state = element('p', undefined, 'Waiting for the host…');
  state.id = 'state';
  state.setAttribute('aria-live', 'polite');
  const output = element('pre');
  output.id = 'output';
  output.tabIndex = 0;
  output.setAttribute('aria-label', 'The end of the prompt, then the completion');
  const prompt = element('span', 'prompt');
  const continuation = element('span', 'continuation');
  output.append(prompt, continuation);
  const figures = element('p');
  figures.id = 'figures';
  figures.hidden = true;
  main.append(header, toolbar.element, state, output, figures);
  container.append(main);

  return {
    render(view) {
      main.dataset.state = view.state;
      main.dataset.length = String(view.text.length);
      setText(source, view.source);
      setText(request, view.request);
      toolbar.update(actionStates(view));
      setText(state, view.stateText);
      setText(prompt, view.promptCut ? `…${view.promptTail}` : view.promptTail);
      setText(continuation, view.text);
      setText(figures, view.figures ?? '');
      figures.hidden = view.figures === undefined;
    },
  };
}
