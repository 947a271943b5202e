// Conversations and answers as the host sends them, for the chat webview's tests.

import type { AnswerView, ChatControls, ChatView, TurnView } from '../../../../src/protocol/chat';

export function answerView(overrides: Partial<AnswerView> = {}): AnswerView {
  return { model: 'llama', state: 'streaming', content: '', reasoning: '', toolCalls: [], ...overrides };
}

export function controls(overrides: Partial<ChatControls> = {}): ChatControls {
  const models = overrides.models ?? ['llama', 'qwen'];
  return { models, columns: models.map(() => ({ maxTokens: 256, system: '' })), transport: 'stream', ...overrides };
}

export function chatView(turns: TurnView[], overrides: Partial<ChatView> = {}): ChatView {
  return { chatId: 'chat-1', title: 'A chat', controls: controls(), toolNames: [], prefix: [], turns, busy: true, toolsOpen: false, endsInToolResults: false, ...overrides };
}

/** One turn answered by two models, both streaming and empty. */
export function comparison(): ChatView {
  return chatView([{ user: 'Hello', transport: 'stream', answers: [answerView({ model: 'llama' }), answerView({ model: 'qwen' })] }]);
}
