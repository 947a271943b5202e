// Conversations in webview panels, one per conversation; after a window reload the serializer brings each
// back from the conversation store (an answer the reload cut off comes back interrupted, see
// host/chat/interruption.ts), and the Chat History view opens any saved one again. The panel relays the
// session's messages and acts on the page's.

import * as vscode from 'vscode';
import { ConversationStore, type ConversationRecord } from '../../core/chat/conversation';
import { TOKEN_PLACEHOLDER } from '../../core/snippets';
import { readDeploymentModels } from '../../host/chat/chat-controls';
import { ChatSession } from '../../host/chat/chat-session';
import { DisposableStore } from '../../host/dispose';
import { windowTabTitles } from '../../host/tab-titles';
import { isChatMessage, type ChatFromWebview, type ChatPanelState, type ChatToWebview } from '../../protocol/chat';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { panelColumn } from '../panel-column';
import { copyText } from '../text-actions';
import { webviewHtml, webviewResourceRoots } from '../webview-html';
import { answerAction } from './answer-actions';
import { copyRequestAsCode } from './code-actions';

export const CHAT_VIEW_TYPE = 'scalarlm.chat';

export class ChatPanels implements vscode.Disposable {
  private readonly open = new Map<string, ChatPanel>();
  /** The conversation whose panel was in front last. */
  private lastActive: string | undefined;
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  /** A conversation was saved, renamed or deleted. */
  readonly onDidChangeConversations = this.changed.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    readonly store: () => ConversationStore,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    this.disposables.add(
      vscode.window.registerWebviewPanelSerializer(CHAT_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
          const chatId = (state as ChatPanelState | undefined)?.chatId;
          const record = chatId && !this.open.has(chatId) ? this.store().load(chatId) : undefined;
          if (!record) return panel.dispose();
          this.adopt(panel, record);
        },
      }),
    );
    // Another deployment (or the simulator started): the model lists are read again.
    this.disposables.add(connection.onDidChange(() => this.open.forEach((chat) => void chat.session.readModels(true))));
  }

  /** Reveals a conversation's panel, or opens it from the store; false when there is no such conversation. */
  show(chatId: string): boolean {
    const open = this.open.get(chatId);
    if (open) {
      open.reveal();
      return true;
    }
    const record = this.store().load(chatId);
    if (record) this.start(record);
    return record !== undefined;
  }

  /** Opens a panel for a conversation and returns its session; `draft` goes in its message box. */
  start(record: ConversationRecord, draft?: string): ChatSession {
    const panel = vscode.window.createWebviewPanel(CHAT_VIEW_TYPE, tabTitle(record.title), { viewColumn: panelColumn(), preserveFocus: false }, {});
    const session = this.adopt(panel, record, draft).session;
    this.changed.fire();
    return session;
  }

  /** The open conversation's session, if its panel is open. */
  session(chatId: string): ChatSession | undefined {
    return this.open.get(chatId)?.session;
  }

  /** The conversation in front, else the one in front last, while its panel is open. */
  active(): ChatSession | undefined {
    const front = [...this.open.values()].find((chat) => chat.active);
    return front?.session ?? (this.lastActive !== undefined ? this.open.get(this.lastActive)?.session : undefined);
  }

  /** The record as it stands: the open session's, else the saved one. */
  record(chatId: string): ConversationRecord | undefined {
    return this.open.get(chatId)?.session.record ?? this.store().load(chatId);
  }

  rename(chatId: string, title: string): void {
    const open = this.open.get(chatId);
    if (open) return open.session.rename(title);
    const record = this.store().load(chatId);
    if (!record) return;
    record.title = title;
    delete record.untitled;
    this.store().save(record);
    this.changed.fire();
  }

  /** Closes the conversation's panel (if open) and removes it from the store. */
  delete(chatId: string): void {
    this.open.get(chatId)?.dispose();
    this.store().delete(chatId);
    this.changed.fire();
  }

  private adopt(panel: vscode.WebviewPanel, record: ConversationRecord, draft?: string): ChatPanel {
    panel.webview.options = { enableScripts: true, localResourceRoots: webviewResourceRoots(this.extensionUri) };
    const session = new ChatSession(
      record,
      {
        store: this.store(),
        api: () => this.connection.createClient(),
        deadlineMs: () => this.connection.settings.chat.timeoutSeconds * 1000,
        models: async () => {
          const access = this.connection.api();
          return access.ok ? readDeploymentModels(access.api) : undefined;
        },
        headers: () => this.connection.headersShown(TOKEN_PLACEHOLDER),
        baseUrl: () => this.connection.baseUrl,
        saved: () => this.changed.fire(),
      },
      draft,
    );
    const chat = new ChatPanel(panel, session, this.extensionUri, this.log);
    this.open.set(record.chatId, chat);
    chat.onDidBecomeActive(() => (this.lastActive = record.chatId));
    if (panel.active) this.lastActive = record.chatId;
    chat.onDidClose(() => this.open.delete(record.chatId));
    return chat;
  }

  /** The window is going (a reload, or closing): answers on their way are interrupted by it, not by their panels closing. */
  dispose(): void {
    for (const chat of this.open.values()) {
      chat.session.interrupt('window');
      chat.dispose();
    }
    this.disposables.dispose();
  }
}

/** Named like the other panels ("Results: …"), so a chat tab is not taken for the file it started from. */
function tabTitle(title: string): string {
  return title.startsWith('Compare: ') ? title : `Chat: ${title}`;
}

class ChatPanel {
  private readonly disposables = new DisposableStore();
  private readonly closed = this.disposables.add(new vscode.EventEmitter<void>());
  private readonly activated = this.disposables.add(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;
  readonly onDidBecomeActive = this.activated.event;
  private ready = false;

  constructor(
    private readonly panel: vscode.WebviewPanel,
    readonly session: ChatSession,
    extensionUri: vscode.Uri,
    private readonly log: ExtensionLog,
  ) {
    this.disposables.add(session);
    this.disposables.add(session.onDidPost((message) => this.post(message)));
    this.disposables.add(panel.onDidDispose(() => this.release()));
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
        if (panel.active) this.activated.fire();
      }),
    );
    this.disposables.add(panel.webview.onDidReceiveMessage((message: unknown) => void this.received(message)));
    panel.title = windowTabTitles.claim(this, tabTitle(session.record.title));
    panel.webview.html = webviewHtml({ webview: panel.webview, extensionUri, scriptName: 'chat', laterScripts: ['markdown'], stylesheets: ['panel.css', 'markdown.css', 'chat.css'], title: session.record.title });
  }

  get active(): boolean {
    return this.panel.active;
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    this.panel.dispose();
  }

  private async received(message: unknown): Promise<void> {
    if (!isChatMessage(message)) return;
    try {
      await this.act(message);
    } catch (error) {
      this.log.showError(error);
    }
  }

  private async act(message: ChatFromWebview): Promise<void> {
    await (this.handlers[message.type] as (message: ChatFromWebview) => unknown)(message);
  }

  /** One handler per message the protocol declares: a new message does not compile until it is handled here. */
  private readonly handlers: { [T in ChatFromWebview['type']]: (message: Extract<ChatFromWebview, { type: T }>) => unknown } = {
    ready: () => {
      this.ready = true;
      this.post({ type: 'init', chat: this.session.view() });
      void this.session.readModels();
    },
    send: (message) => this.session.send(message.text),
    stop: () => this.session.stop(),
    retry: () => this.session.retry(),
    clear: () => this.session.clear(),
    copyText: (message) => copyText(message.text, 'Code'),
    answer: async (message) => {
      const answer = this.session.record.turns[message.turn]?.answers[message.answer];
      if (answer) await answerAction(message.action, answer.content);
    },
    copyCode: (message) => copyRequestAsCode(this.session, message.format, message.turn, message.answer),
    setModel: (message) => this.session.setModel(message.column, message.model),
    setControl: (message) => this.session.setControl(message.field, message.value, message.column),
    toolResult: (message) => this.session.toolResult(message.turn, message.answer, message.call, message.content),
  };

  private post(message: ChatToWebview): void {
    if (message.type === 'init') this.panel.title = windowTabTitles.claim(this, tabTitle(message.chat.title));
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private release(): void {
    windowTabTitles.release(this);
    this.closed.fire();
    this.disposables.dispose();
  }
}
