// Chat in the editor: the conversation store, the chat panels, the Chat History view and the commands,
// wired together.

import * as vscode from 'vscode';
import { ConversationStore } from '../../core/chat/conversation';
import type { SnippetFormat } from '../../core/snippets';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import { registerCommand } from '../commands';
import type { ExtensionLog } from '../log';
import { storageDir } from '../storage-paths';
import { trackLastTextEditor } from './answer-actions';
import { ChatHistoryView } from './chat-history-view';
import { chatWithFile, chatWithPrompt, chatWithSelection, compareModels, importConversation, newChat, type ChatCommandDeps } from './chat-commands';
import { ChatPanels } from './chat-panel';
import { copyLastRequestAsCode } from './code-actions';

/** `runsDir`: the runs folder, whose lineages name the adaptors. */
export function registerChat(context: vscode.ExtensionContext, connection: Connection, log: ExtensionLog, runsDir: () => string): vscode.Disposable {
  const disposables = new DisposableStore();
  const store = () => new ConversationStore(storageDir(context, connection.settings, 'chats'));
  const panels = disposables.add(new ChatPanels(context.extensionUri, store, connection, log));
  disposables.add(new ChatHistoryView(panels, log));
  disposables.add(trackLastTextEditor());
  const deps: ChatCommandDeps = { panels, connection, log, runsDir };
  const copyAs = (format: SnippetFormat) => () => copyLastRequestAsCode(panels, format);
  const commands: Record<string, (uri?: unknown) => unknown> = {
    'scalarlm.newChat': () => newChat(deps),
    'scalarlm.importConversation': (uri) => importConversation(deps, uri),
    'scalarlm.chatWithSelection': () => chatWithSelection(deps),
    'scalarlm.chatWithFile': (uri) => chatWithFile(deps, uri instanceof vscode.Uri ? uri : undefined),
    'scalarlm.chatWithPrompt': (uri) => chatWithPrompt(deps, uri),
    'scalarlm.compareModels': (uri) => compareModels(deps, uri),
    'scalarlm.copyChatRequestAsCurl': copyAs('curl'),
    'scalarlm.copyChatRequestAsPython': copyAs('python'),
    'scalarlm.copyChatRequestAsTypeScript': copyAs('typescript'),
  };
  // A conversation by its id (the Chat History view, links, tests): revealed, or opened again from the store.
  disposables.add(vscode.commands.registerCommand('scalarlm.openChat', (chatId: unknown) => typeof chatId === 'string' && panels.show(chatId)));
  for (const [id, run] of Object.entries(commands)) disposables.add(registerCommand(id, run, log));
  return disposables;
}
