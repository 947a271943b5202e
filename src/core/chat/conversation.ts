// A conversation: user turns and each model's answers, what each model is sent for the next turn (its own
// earlier answers, so a comparison stays several separate conversations), and saving it as one JSON file.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage, ChatRequest } from '../api/types';
import type { Answer } from './answer';

export interface ChatParams {
  max_tokens: number;
  temperature?: number;
}

export interface Turn {
  /** The user's message (the first turn may carry a whole conversation from a file: see `prefix`). */
  user: string;
  answers: Answer[];
}

export interface ConversationRecord {
  v: 1;
  chatId: string;
  title: string;
  createdAt: string;
  /** One model per column; an empty name means the deployment's default model. */
  models: string[];
  system?: string;
  /** Messages from a chat file that come before the first turn (earlier user/assistant exchanges). */
  prefix: ChatMessage[];
  transport: 'stream' | 'queue';
  params: ChatParams;
  turns: Turn[];
}

/** The messages model `column` is sent to answer turn `turn`: the system prompt, the prefix, then the history. */
export function messagesFor(record: ConversationRecord, turn: number, column: number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (record.system) messages.push({ role: 'system', content: record.system });
  messages.push(...record.prefix);
  record.turns.slice(0, turn + 1).forEach((t, i) => {
    messages.push({ role: 'user', content: t.user });
    const previous = t.answers[column];
    if (i < turn && previous && previous.content !== '') messages.push({ role: 'assistant', content: previous.content });
  });
  return messages;
}

export function chatRequest(record: ConversationRecord, turn: number, column: number): ChatRequest {
  const model = record.models[column];
  return {
    messages: messagesFor(record, turn, column),
    max_tokens: record.params.max_tokens,
    ...(model ? { model } : {}),
    ...(record.params.temperature !== undefined ? { temperature: record.params.temperature } : {}),
  };
}

/** Conversations live beside the batch runs, one JSON file each. */
export class ConversationStore {
  constructor(readonly dir: string) {}

  save(record: ConversationRecord): void {
    mkdirSync(this.dir, { recursive: true });
    const path = this.path(record.chatId);
    // Write then rename: a crash leaves the old conversation or the new one, never half of one.
    writeFileSync(`${path}.tmp`, JSON.stringify(record));
    renameSync(`${path}.tmp`, path);
  }

  load(chatId: string): ConversationRecord | undefined {
    const path = this.path(chatId);
    if (!existsSync(path)) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as ConversationRecord;
  }

  list(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.chat.json'))
      .map((name) => name.slice(0, -'.chat.json'.length));
  }

  private path(chatId: string): string {
    if (!/^[\w-]+$/.test(chatId)) throw new Error(`Not a conversation id: ${chatId}`);
    return join(this.dir, `${chatId}.chat.json`);
  }
}
