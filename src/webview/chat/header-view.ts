// The top of the panel: the conversation's title, the models answering its next turn (the default one
// named as the deployment said), the tools its chat file offers, and the file's earlier messages, collapsed.
// How answers travel and the system prompt are controls (controls-view.ts).

import { element, setText } from '../shared/dom';
import { modelLabel } from './answer-text';
import type { ChatHeader } from './chat-store';

export interface HeaderView {
  readonly element: HTMLElement;
  show(chat: ChatHeader): void;
}

export function createHeaderView(): HeaderView {
  const root = element('header', 'chat-header');
  const title = element('h1', 'chat-title', 'Loading the conversation…');
  const models = element('p', 'models');
  const tools = element('p', 'tools');
  tools.hidden = true;
  const earlier = element('details', 'earlier');
  const earlierSummary = element('summary');
  const earlierList = element('ol', 'earlier-messages');
  earlier.append(earlierSummary, earlierList);
  earlier.hidden = true;
  root.append(title, models, tools, earlier);
  let shownPrefix: ChatHeader['prefix'] | undefined;

  return {
    element: root,
    show(chat) {
      setText(title, chat.title);
      const { models: chosen, defaultModel } = chat.controls;
      models.replaceChildren(
        element('span', 'label', chosen.length > 1 ? 'Comparing ' : 'Model '),
        ...chosen.map((model) => {
          const chip = element('span', 'model-chip', modelLabel(model, defaultModel));
          chip.title = model || defaultModel || "The deployment's default model";
          return chip;
        }),
      );
      tools.hidden = chat.toolNames.length === 0;
      setText(tools, `Tools offered: ${chat.toolNames.join(', ')}`);
      if (chat.prefix !== shownPrefix) {
        shownPrefix = chat.prefix;
        earlier.hidden = chat.prefix.length === 0;
        setText(earlierSummary, `Earlier messages from the file (${chat.prefix.length})`);
        earlierList.replaceChildren(
          ...chat.prefix.map((message) => {
            const item = element('li', 'earlier-message');
            item.append(element('span', 'role', message.role), element('div', 'text', message.text));
            return item;
          }),
        );
      }
    },
  };
}
