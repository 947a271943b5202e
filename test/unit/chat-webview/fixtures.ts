// Conversations and answers as the host sends them, for the chat webview's tests.

import type { AnswerView, ChatView, TurnView } from '../../../src/protocol/chat';

export function answerView(overrides: Partial<AnswerView> = {}): AnswerView {
  return { model: 'llama', state: 'streaming', content: '', reasoning: '', toolCalls: [], ...overrides };
}

export function chatView(turns: TurnView[], overrides: Partial<ChatView> = {}): ChatView {
  return { chatId: 'chat-1', title: 'A chat', models: ['llama', 'qwen'], transport: 'stream', turns, busy: true, ...overrides };
}

/** One turn answered by two models, both streaming and empty. */
export function comparison(): ChatView {
  return chatView([{ user: 'Hello', answers: [answerView({ model: 'llama' }), answerView({ model: 'qwen' })] }]);
}
