// A saved conversation written out: as a chat file of messages (what Chat with File and Import Conversation
// read back, with the file's tools), or as Markdown for people (every model's answers, turn by turn).

import type { ChatMessage } from '../api/types';
import type { Answer } from './answer';
import { columnSettings, conversationMessages, nextColumnSettings, type ConversationRecord } from './conversation';

/** `{"messages": [...]}` of model `column` (a comparison is one conversation per model), with the file's tools. */
export function conversationJson(record: ConversationRecord, column: number): string {
  return `${JSON.stringify({ messages: conversationMessages(record, column), ...record.extras }, null, 2)}\n`;
}

/** The conversation as Markdown: the system prompt, each turn's message and every model's answer. */
export function conversationMarkdown(record: ConversationRecord, defaultModel?: string): string {
  const lines: string[] = [`# ${oneLine(record.title)}`, ''];
  const models = record.models.map((model) => modelName(model, defaultModel));
  lines.push(`${models.length > 1 ? 'Models' : 'Model'}: ${models.join(', ')} · started ${record.createdAt}`, '');
  // The first turn's system prompt (the next one's before any); a comparison's columns can each have their
  // own: each is written when they differ.
  const systems = record.models.map((_, column) => (record.turns.length > 0 ? columnSettings(record, 0, column) : nextColumnSettings(record, column)).system);
  if (systems.every((system) => system === systems[0])) {
    if (systems[0]) lines.push('## System', '', systems[0], '');
  } else {
    systems.forEach((system, column) => {
      if (system) lines.push(`## System, model ${column + 1} (${models[column]})`, '', system, '');
    });
  }
  if (record.prefix.length > 0) {
    lines.push('## Earlier messages', '');
    for (const message of record.prefix) lines.push(`**${message.role}:** ${messageText(message)}`, '');
  }
  record.turns.forEach((turn, index) => {
    lines.push(`## Turn ${index + 1}`, '');
    if (turn.kind === 'tool') lines.push('*Tool results sent.*', '');
    else lines.push('### You', '', turn.user, '');
    for (const answer of turn.answers) lines.push(...answerMarkdown(answer, turn.imported ? 'from the file' : modelName(answer.model, defaultModel)));
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

function answerMarkdown(answer: Answer, model: string): string[] {
  const lines = [`### ${model} (${answer.state})`, ''];
  if (answer.content !== '') lines.push(answer.content, '');
  for (const call of answer.toolCalls) {
    lines.push(`Tool call \`${call.name ?? '(unnamed)'}\`${call.id ? ` (${call.id})` : ''}:`, '', fenced(prettyJson(call.arguments), 'json'), '');
    if (call.result !== undefined) lines.push('Result:', '', fenced(call.result, ''), '');
  }
  if (answer.error) lines.push(`> ${oneLine(answer.error)}`, '');
  return lines;
}

/** A fence longer than any run of backticks inside, so the text cannot close it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function messageText(message: ChatMessage): string {
  return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
}

function modelName(model: string, defaultModel: string | undefined): string {
  return model !== '' ? model : defaultModel ? `${defaultModel} (default)` : "the deployment's default model";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
