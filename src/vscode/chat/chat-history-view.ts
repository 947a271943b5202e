// The "Chat History" view: every saved conversation, most recently changed first, with its model(s) and
// first line; open one (its panel comes back with its turns), rename, delete, export it as JSON messages or
// Markdown. New Chat and Import Conversation… sit in its title bar.

import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { ConversationRecord, ConversationSummary } from '../../core/chat/conversation';
import { conversationJson, conversationMarkdown } from '../../core/chat/conversation-export';
import { historyItemText } from '../../host/chat/history-item';
import { DisposableStore } from '../../host/dispose';
import { confirm } from '../confirm';
import type { ExtensionLog } from '../log';
import type { ChatPanels } from './chat-panel';

export const CHAT_HISTORY_VIEW = 'scalarlm.chatHistory';

class ConversationNode extends vscode.TreeItem {
  constructor(readonly summary: ConversationSummary) {
    const text = historyItemText(summary);
    super(text.label, vscode.TreeItemCollapsibleState.None);
    this.description = text.description;
    this.tooltip = new vscode.MarkdownString(text.tooltip);
    this.iconPath = new vscode.ThemeIcon(summary.columns > 1 ? 'split-horizontal' : 'comment-discussion');
    this.contextValue = 'scalarlmConversation';
    this.id = summary.chatId;
    this.command = { command: 'scalarlm.openChat', title: 'Open Chat', arguments: [summary.chatId] };
  }
}

type ExportFormat = 'json' | 'markdown';

/** A conversation by its tree node (the view's menus) or its id (other callers, tests). */
type Target = ConversationNode | string | undefined;

export class ChatHistoryView implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());

  constructor(
    private readonly panels: ChatPanels,
    private readonly log: ExtensionLog,
  ) {
    const provider: vscode.TreeDataProvider<ConversationNode> = {
      onDidChangeTreeData: this.changed.event,
      getTreeItem: (node) => node,
      getChildren: () => this.nodes(),
    };
    this.disposables.add(vscode.window.createTreeView(CHAT_HISTORY_VIEW, { treeDataProvider: provider }));
    this.disposables.add(panels.onDidChangeConversations(() => this.refresh()));
    const commands: Record<string, (target?: Target, ...rest: unknown[]) => unknown> = {
      'scalarlm.chatHistory.refresh': () => this.refresh(),
      'scalarlm.chatHistory.rename': (target, title) => this.rename(target, typeof title === 'string' ? title : undefined),
      'scalarlm.chatHistory.delete': (target) => this.delete(target),
      'scalarlm.chatHistory.exportJson': (target, uri, column) => this.export(target, 'json', uri instanceof vscode.Uri ? uri : undefined, typeof column === 'number' ? column : undefined),
      'scalarlm.chatHistory.exportMarkdown': (target, uri) => this.export(target, 'markdown', uri instanceof vscode.Uri ? uri : undefined),
    };
    for (const [id, run] of Object.entries(commands)) this.disposables.add(vscode.commands.registerCommand(id, run));
  }

  refresh(): void {
    this.changed.fire();
  }

  private nodes(): ConversationNode[] {
    const summaries = this.panels.store().summaries((path, error) => this.log.info(`Skipping the damaged conversation ${path}: ${error.message}`));
    return summaries.map((summary) => new ConversationNode(summary));
  }

  private chatIdOf(target: Target): string | undefined {
    return typeof target === 'string' ? target : target?.summary.chatId;
  }

  /** `title` given: no question asked (for scripts and tests). */
  private async rename(target: Target, title?: string): Promise<void> {
    const chatId = this.chatIdOf(target);
    const record = chatId === undefined ? undefined : this.panels.record(chatId);
    if (!chatId || !record) return;
    const next = title ?? (await vscode.window.showInputBox({ title: 'ScalarLM: Rename Conversation', value: record.title, validateInput: (value) => (value.trim() ? undefined : 'A conversation needs a name.') }));
    if (!next?.trim()) return;
    this.panels.rename(chatId, next.trim());
  }

  private async delete(target: Target): Promise<void> {
    const chatId = this.chatIdOf(target);
    const record = chatId === undefined ? undefined : this.panels.record(chatId);
    if (!chatId || !record) return;
    if (this.panels.session(chatId)?.busy) return void vscode.window.showWarningMessage('ScalarLM: this conversation is answering; stop it first.');
    const turns = record.turns.length === 1 ? '1 turn' : `${record.turns.length} turns`;
    if (!(await confirm(`Delete the conversation "${record.title}"?`, [`${turns}; its panel closes and it leaves Chat History.`], 'Delete'))) return;
    this.panels.delete(chatId);
  }

  /** `target` and `column` given: no questions asked (for scripts and tests). */
  private async export(target: Target, format: ExportFormat, uri?: vscode.Uri, column?: number): Promise<void> {
    const chatId = this.chatIdOf(target);
    const record = chatId === undefined ? undefined : this.panels.record(chatId);
    if (!record) return;
    const model = format === 'json' ? (column ?? (await this.pickColumn(record))) : 0;
    if (model === undefined) return;
    const text = format === 'json' ? conversationJson(record, model) : conversationMarkdown(record, this.panels.session(record.chatId)?.defaultModel);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${record.title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'conversation'}${format === 'json' ? '.chat.json' : '.md'}`;
    const destination =
      uri ??
      (await vscode.window.showSaveDialog({
        title: `Export "${record.title}" as ${format === 'json' ? 'JSON messages' : 'Markdown'}`,
        ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
        filters: format === 'json' ? { 'Chat file': ['json'] } : { Markdown: ['md'] },
      }));
    if (!destination) return;
    try {
      await writeFile(destination.fsPath, text);
    } catch (error) {
      return this.log.showError(error);
    }
    if (uri) return;
    const open = await vscode.window.showInformationMessage(`Exported "${record.title}" to ${vscode.workspace.asRelativePath(destination)}.`, 'Open');
    if (open) await vscode.window.showTextDocument(destination);
  }

  /** A comparison is one conversation per model: which one goes in the file. */
  private async pickColumn(record: ConversationRecord): Promise<number | undefined> {
    if (record.models.length < 2) return 0;
    const picked = await vscode.window.showQuickPick(
      record.models.map((model, index) => ({ label: model || "Deployment's default model", index })),
      { title: 'ScalarLM: export the conversation with which model?' },
    );
    return picked?.index;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
