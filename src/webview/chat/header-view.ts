// The top of the panel: the conversation's title, its models, how answers travel (streaming or the
// server's queue), and the system prompt, collapsed.

import { element, setText } from '../shared/dom';
import { modelLabel } from './answer-text';
import type { ChatHeader } from './chat-store';

export interface HeaderView {
  readonly element: HTMLElement;
  show(chat: ChatHeader): void;
}

const TRANSPORTS = {
  stream: { label: 'streaming', description: 'Tokens show as the model writes them (server-sent events).' },
  queue: { label: 'queue', description: "Through the server's queue: each answer arrives whole when it is done." },
} as const;

export function createHeaderView(): HeaderView {
  const root = element('header', 'chat-header');
  const titleRow = element('div', 'title-row');
  const title = element('h1', 'chat-title', 'Loading the conversation…');
  const transport = element('span', 'transport');
  titleRow.append(title, transport);
  const models = element('p', 'models');
  const system = element('details', 'system');
  const systemText = element('pre', 'system-text');
  system.append(element('summary', undefined, 'System prompt'), systemText);
  system.hidden = true;
  root.append(titleRow, models, system);

  return {
    element: root,
    show(chat) {
      setText(title, chat.title);
      const travel = TRANSPORTS[chat.transport];
      transport.dataset.transport = chat.transport;
      setText(transport, travel.label);
      transport.title = travel.description;
      models.replaceChildren(
        element('span', 'label', chat.models.length > 1 ? 'Comparing ' : 'Model '),
        ...chat.models.map((model) => element('span', 'model-chip', modelLabel(model))),
      );
      const prompt = chat.system ?? '';
      system.hidden = prompt === '';
      setText(systemText, prompt);
    },
  };
}
