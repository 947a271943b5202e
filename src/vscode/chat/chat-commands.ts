// "ScalarLM: New Chat / Chat with Selection / Chat with File / Chat with Prompt / Compare Models… / Import
// Conversation…": start a conversation in a panel, empty or with the user's text (or a file's messages, or
// a .prompty rendered with its sample), answered by one model or several side by side; or open messages
// from a file as a saved conversation, nothing sent.

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { ChatExtras, ConversationRecord } from '../../core/chat/conversation';
import { importMessages } from '../../core/chat/conversation-import';
import { parseChatFile, type ChatFile } from '../../core/prompts/chat-document';
import { PromptInputError } from '../../core/prompts/problems';
import { openingMessages, openingOf, titleOf, type Opening } from '../../host/chat/opening';
import { TrainingClient } from '../../core/training';
import { runsFolderLineage } from '../../host/deployment/adaptor-list';
import { deploymentModels, type DeploymentModels } from '../../host/deployment/deployment-models';
import { servedPickEntries } from '../../host/deployment/model-pick-entries';
import type { Connection } from '../deployment/connection';
import { modelItem, type ModelItem } from '../deployment/model-items';
import { promptyChatOpening, promptyTarget } from './prompty-chat';
import type { ExtensionLog } from '../log';
import { showPromptInputError } from '../text-actions';
import type { ChatPanels } from './chat-panel';

export interface ChatCommandDeps {
  panels: ChatPanels;
  connection: Connection;
  log: ExtensionLog;
  /** The runs folder, whose lineages name the adaptors in Compare Models. */
  runsDir: () => string;
}

/** An empty conversation with the controls set from the settings. */
export function newChat(deps: ChatCommandDeps): void {
  deps.panels.start({ ...newRecord(deps, { title: 'New chat', prefix: [] }, [deps.connection.settings.model]), untitled: true });
}

/**
 * Messages from a file (.json / .jsonl chat files, a .prompty rendered with its sample) as a saved
 * conversation, opened in a panel without sending anything: the last message nobody answered waits in the
 * message box.
 */
export async function importConversation(deps: ChatCommandDeps, argument?: unknown): Promise<void> {
  const uri = argument instanceof vscode.Uri ? argument : (await vscode.window.showOpenDialog({ title: 'ScalarLM: Import Conversation', canSelectMany: false, filters: { 'Chat files': ['json', 'jsonl', 'ndjson', 'prompty'] } }))?.[0];
  if (!uri) return;
  const name = basename(uri.path);
  let source: { file: ChatFile; title: string; opening?: Opening };
  if (promptyTarget(uri)) {
    const opening = await promptyChatOpening(uri, deps.log);
    if (!opening) return; // its problem is shown
    source = { file: { messages: openingMessages(opening), extras: opening.extras ?? {} }, title: opening.title, opening };
  } else {
    const file = await readChatFile(uri);
    if (!file) return;
    source = { file, title: name };
  }
  const imported = importMessages(source.file.messages);
  const model = source.opening ? await hintedModel(deps, source.opening.modelHint) : deps.connection.settings.model;
  const record = newRecord(deps, { title: source.title, prefix: imported.prefix, ...(imported.system ? { system: imported.system } : {}), ...(source.opening?.params ? { params: source.opening.params } : {}) }, [model], source.file.extras);
  record.turns = imported.turns;
  deps.panels.store().save(record);
  deps.panels.start(record, imported.draft);
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
  const session = deps.panels.start(newRecord(deps, opening, models, opening.extras));
  session.send(opening.user).catch((error) => deps.log.showError(error));
}

/** A conversation's controls start from its source (a chat file's system message, a .prompty's parameters), else the settings. */
function newRecord(deps: ChatCommandDeps, source: Pick<Opening, 'title' | 'prefix' | 'system' | 'params'>, models: string[], extras?: ChatExtras): ConversationRecord {
  const settings = deps.connection.settings;
  const system = source.system ?? (settings.chat.systemPrompt || undefined);
  // Temperature 0 is the setting's default: sent only when a source or the temperature control asks for it.
  const temperature = source.params?.temperature ?? (settings.temperature || undefined);
  return {
    v: 1,
    chatId: randomUUID(),
    title: source.title,
    createdAt: new Date().toISOString(),
    models,
    ...(system ? { system } : {}),
    prefix: source.prefix,
    transport: settings.chat.stream ? 'stream' : 'queue',
    params: { max_tokens: source.params?.max_tokens ?? settings.maxTokens, ...(temperature !== undefined ? { temperature } : {}) },
    ...(extras && Object.keys(extras).length > 0 ? { extras } : {}),
    turns: [],
  };
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

/** A chat file: its system message (if any), earlier exchanges, the last user message as this turn, and its tools. */
async function fileOpening(deps: ChatCommandDeps, uri: vscode.Uri): Promise<Opening | undefined> {
  const file = await readChatFile(uri);
  if (!file) return undefined;
  const name = basename(uri.path);
  const built = openingOf(file.messages, name, name);
  if ('problem' in built) return void deps.log.showError(new Error(built.problem));
  return Object.keys(file.extras).length > 0 ? { ...built.opening, extras: file.extras } : built.opening;
}

/** A chat file's messages and tools, or undefined when it has a problem (shown, with a way to its line). */
async function readChatFile(uri: vscode.Uri): Promise<ChatFile | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  try {
    return parseChatFile(document.getText(), basename(uri.path));
  } catch (error) {
    if (!(error instanceof PromptInputError)) throw error;
    showPromptInputError(error, document);
    return undefined;
  }
}

async function typedOpening(): Promise<Opening | undefined> {
  const text = await vscode.window.showInputBox({ title: 'ScalarLM: Compare Models', prompt: 'The message every model answers', ignoreFocusOut: true });
  return text?.trim() ? { user: text, prefix: [], title: titleOf(text) } : undefined;
}

/** `hint` (a .prompty's model) is picked at first, beside the model in the settings. */
async function pickModels(deps: ChatCommandDeps, hint?: string): Promise<string[] | undefined> {
  const access = deps.connection.api();
  if (!access.ok) return void deps.log.showError(new Error(access.reason));
  let listed: DeploymentModels;
  try {
    listed = await deploymentModels(new TrainingClient(access.api), (text) => deps.log.channel.warn(text));
  } catch (error) {
    return void deps.log.showError(error);
  }
  const chosen = (model: string) => model === deps.connection.settings.model || model === hint;
  const items = servedPickEntries(listed.models, listed.training, runsFolderLineage(deps.runsDir())).map((entry) => ({ ...modelItem(entry), picked: chosen(entry.model) }));
  return pickTwoOrMore(items);
}

const COMPARE_TITLE = 'ScalarLM: Compare Models (pick two or more)';

/** A multi-select that stays open until two or more are ticked, saying so; undefined when dismissed. */
function pickTwoOrMore(items: ModelItem[]): Promise<string[] | undefined> {
  const pick = vscode.window.createQuickPick<ModelItem>();
  pick.title = COMPARE_TITLE;
  pick.canSelectMany = true;
  pick.ignoreFocusOut = true;
  pick.items = items;
  pick.selectedItems = items.filter((item) => item.picked);
  return new Promise((resolve) => {
    pick.onDidChangeSelection((selected) => {
      if (selected.length >= 2) pick.title = COMPARE_TITLE;
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems.flatMap((item) => (item.entry ? [item.entry.model] : []));
      if (chosen.length < 2) {
        pick.title = `ScalarLM: Compare Models needs two or more: ${chosen.length === 0 ? 'none' : 'one'} ticked. Tick another, or press Escape.`;
        return;
      }
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
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
