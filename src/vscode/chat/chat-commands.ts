// "ScalarLM: Chat with Selection / Chat with File / Compare Models…": start a conversation in a panel with
// the user's text (or a file's messages), answered by one model or several side by side.

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { ChatMessage, ModelInfo } from '../../core/api/types';
import type { ConversationRecord } from '../../core/chat/conversation';
import { parseChatDocument, PromptInputError } from '../../core/prompts';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { showPromptInputError } from '../text-actions';
import type { ChatPanels } from './chat-panel';

export interface ChatCommandDeps {
  panels: ChatPanels;
  connection: Connection;
  log: ExtensionLog;
}

interface Opening {
  user: string;
  /** Messages before the user's (from a chat file). */
  prefix: ChatMessage[];
  system?: string;
  title: string;
}

export function chatWithSelection(deps: ChatCommandDeps): void {
  const opening = selectionOpening();
  if (!opening) return void vscode.window.showWarningMessage('ScalarLM: select the text to chat about first.');
  start(deps, opening, [deps.connection.settings.model]);
}

export async function chatWithFile(deps: ChatCommandDeps, uri?: vscode.Uri): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open a chat file (.json / .jsonl with messages, or text) first.');
  const opening = await fileOpening(deps, target);
  if (opening) start(deps, opening, [deps.connection.settings.model]);
}

/** The same conversation to several models side by side: the selection, the active chat file, or a message typed now. */
export async function compareModels(deps: ChatCommandDeps): Promise<void> {
  const models = await pickModels(deps);
  if (!models) return;
  const document = vscode.window.activeTextEditor?.document;
  const opening = selectionOpening() ?? (document && /\.(jsonl?|ndjson)$/.test(document.fileName) ? await fileOpening(deps, document.uri) : await typedOpening());
  if (opening) start(deps, { ...opening, title: `Compare: ${opening.title}` }, models);
}

function start(deps: ChatCommandDeps, opening: Opening, models: string[]): void {
  const settings = deps.connection.settings;
  const system = opening.system ?? (settings.chat.systemPrompt || undefined);
  const record: ConversationRecord = {
    v: 1,
    chatId: randomUUID(),
    title: opening.title,
    createdAt: new Date().toISOString(),
    models,
    ...(system ? { system } : {}),
    prefix: opening.prefix,
    transport: settings.chat.stream ? 'stream' : 'queue',
    params: { max_tokens: settings.maxTokens, ...(settings.temperature ? { temperature: settings.temperature } : {}) },
    turns: [],
  };
  const session = deps.panels.start(record);
  session.send(opening.user).catch((error) => deps.log.showError(error));
}

function selectionOpening(): Opening | undefined {
  const editor = vscode.window.activeTextEditor;
  const text = editor?.selections
    .filter((s) => !s.isEmpty)
    .map((s) => editor.document.getText(s))
    .join('\n\n')
    .trim();
  return text ? { user: text, prefix: [], title: titleOf(text) } : undefined;
}

/** A chat file: its system message (if any), earlier exchanges, and the last user message as this turn. */
async function fileOpening(deps: ChatCommandDeps, uri: vscode.Uri): Promise<Opening | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const name = basename(uri.path);
  let messages: ChatMessage[];
  try {
    messages = parseChatDocument(document.getText(), name);
  } catch (error) {
    if (!(error instanceof PromptInputError)) throw error;
    showPromptInputError(error, document);
    return undefined;
  }
  const system = messages[0]?.role === 'system' && typeof messages[0].content === 'string' ? messages[0].content : undefined;
  const rest = system === undefined ? messages : messages.slice(1);
  const last = rest[rest.length - 1];
  if (!last || last.role !== 'user' || typeof last.content !== 'string') {
    deps.log.showError(new Error(`${name}: the conversation must end with a user message (text) for the model to answer.`));
    return undefined;
  }
  return { user: last.content, prefix: rest.slice(0, -1), ...(system ? { system } : {}), title: name };
}

async function typedOpening(): Promise<Opening | undefined> {
  const text = await vscode.window.showInputBox({ title: 'ScalarLM: Compare Models', prompt: 'The message every model answers', ignoreFocusOut: true });
  return text?.trim() ? { user: text, prefix: [], title: titleOf(text) } : undefined;
}

async function pickModels(deps: ChatCommandDeps): Promise<string[] | undefined> {
  const access = deps.connection.api();
  if (!access.ok) return void deps.log.showError(new Error(access.reason));
  let models: ModelInfo[];
  try {
    models = (await access.api.models()).data;
  } catch (error) {
    return void deps.log.showError(error);
  }
  const picked = await vscode.window.showQuickPick(
    models.map((m) => ({ label: m.id, description: m.parent ? `adaptor of ${m.parent}` : 'base model', picked: m.id === deps.connection.settings.model })),
    { title: 'ScalarLM: Compare Models (pick two or more)', canPickMany: true, ignoreFocusOut: true },
  );
  if (!picked) return undefined;
  if (picked.length < 2) return void vscode.window.showWarningMessage('ScalarLM: pick at least two models to compare.');
  return picked.map((item) => item.label);
}

function titleOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text;
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
