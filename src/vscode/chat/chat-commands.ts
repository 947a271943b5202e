// "ScalarLM: Chat with Selection / Chat with File / Chat with Prompt / Compare Models…": start a conversation
// in a panel with the user's text (or a file's messages, or a .prompty rendered with its sample), answered by
// one model or several side by side.

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { ChatMessage, ModelInfo } from '../../core/api/types';
import type { ConversationRecord } from '../../core/chat/conversation';
import { parseChatDocument, PromptInputError } from '../../core/prompts';
import { openingOf, type Opening } from '../../host/chat/opening';
import type { Connection } from '../deployment/connection';
import { promptyChatOpening, promptyTarget } from '../experiments/prompty-chat';
import type { ExtensionLog } from '../log';
import { showPromptInputError } from '../text-actions';
import type { ChatPanels } from './chat-panel';

export interface ChatCommandDeps {
  panels: ChatPanels;
  connection: Connection;
  log: ExtensionLog;
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

/** A .prompty rendered with its sample: its system message, earlier turns, and its last user message asked. */
export async function chatWithPrompt(deps: ChatCommandDeps, argument?: unknown): Promise<void> {
  const target = promptyTarget(argument);
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open a .prompty file to chat with it.');
  const opening = await promptyChatOpening(target, deps.log);
  if (opening) start(deps, opening, [await hintedModel(deps, opening.modelHint)]);
}

/**
 * The same conversation to several models side by side: a .prompty (the uri argument, or the active editor)
 * rendered with its sample, else the selection, the active chat file, or a message typed now.
 */
export async function compareModels(deps: ChatCommandDeps, argument?: unknown): Promise<void> {
  const prompty = promptyTarget(argument);
  const fromPrompty = prompty && (await promptyChatOpening(prompty, deps.log));
  if (prompty && !fromPrompty) return; // its problem is shown
  const models = await pickModels(deps, fromPrompty?.modelHint);
  if (!models) return;
  const document = vscode.window.activeTextEditor?.document;
  const opening = fromPrompty ?? selectionOpening() ?? (document && /\.(jsonl?|ndjson)$/.test(document.fileName) ? await fileOpening(deps, document.uri) : await typedOpening());
  if (opening) start(deps, { ...opening, title: `Compare: ${opening.title}` }, models);
}

function start(deps: ChatCommandDeps, opening: Opening, models: string[]): void {
  const settings = deps.connection.settings;
  const system = opening.system ?? (settings.chat.systemPrompt || undefined);
  // The source's parameters (a .prompty's) win over the settings; temperature 0 is sent only when asked for.
  const temperature = opening.params?.temperature ?? (settings.temperature || undefined);
  const record: ConversationRecord = {
    v: 1,
    chatId: randomUUID(),
    title: opening.title,
    createdAt: new Date().toISOString(),
    models,
    ...(system ? { system } : {}),
    prefix: opening.prefix,
    transport: settings.chat.stream ? 'stream' : 'queue',
    params: { max_tokens: opening.params?.max_tokens ?? settings.maxTokens, ...(temperature !== undefined ? { temperature } : {}) },
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
  const built = openingOf(messages, name, name);
  if ('problem' in built) return void deps.log.showError(new Error(built.problem));
  return built.opening;
}

async function typedOpening(): Promise<Opening | undefined> {
  const text = await vscode.window.showInputBox({ title: 'ScalarLM: Compare Models', prompt: 'The message every model answers', ignoreFocusOut: true });
  return text?.trim() ? { user: text, prefix: [], title: titleOf(text) } : undefined;
}

/** `hint` (a .prompty's model) is picked at first, beside the model in the settings. */
async function pickModels(deps: ChatCommandDeps, hint?: string): Promise<string[] | undefined> {
  const access = deps.connection.api();
  if (!access.ok) return void deps.log.showError(new Error(access.reason));
  let models: ModelInfo[];
  try {
    models = (await access.api.models()).data;
  } catch (error) {
    return void deps.log.showError(error);
  }
  const picked = await vscode.window.showQuickPick(
    models.map((m) => ({ label: m.id, description: m.parent ? `adaptor of ${m.parent}` : 'base model', picked: m.id === deps.connection.settings.model || m.id === hint })),
    { title: 'ScalarLM: Compare Models (pick two or more)', canPickMany: true, ignoreFocusOut: true },
  );
  if (!picked) return undefined;
  if (picked.length < 2) return void vscode.window.showWarningMessage('ScalarLM: pick at least two models to compare.');
  return picked.map((item) => item.label);
}

/**
 * The model a .prompty names, when the deployment serves it (or it is `latest`, the server's alias for the
 * newest trained model); else the model in the settings, and the log says why the hint was passed over.
 */
async function hintedModel(deps: ChatCommandDeps, hint: string | undefined): Promise<string> {
  const configured = deps.connection.settings.model;
  if (hint === undefined || hint === configured) return configured;
  if (hint === 'latest') return hint;
  const access = deps.connection.api();
  const served = access.ok ? await access.api.models().then((list) => list.data.map((m) => m.id), () => undefined) : undefined;
  if (served?.includes(hint)) return hint;
  const using = configured || "the deployment's default model";
  const why = served === undefined ? 'the deployment could not say which models it serves' : 'the deployment does not serve it';
  deps.log.info(`The prompt names the model ${hint}, but ${why}; the chat uses ${using}.`);
  vscode.window.setStatusBarMessage(`ScalarLM: chatting with ${using}: ${why} (${hint}).`, 5000);
  return configured;
}

function titleOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text;
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
