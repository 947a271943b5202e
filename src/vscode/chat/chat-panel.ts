// Conversations in webview panels, one per conversation; after a window reload the serializer brings each
// back from the conversation store. The panel relays the session's messages and acts on the page's.

import * as vscode from 'vscode';
import { ConversationStore, type ConversationRecord } from '../../core/chat/conversation';
import { isChatMessage, type ChatFromWebview, type ChatPanelState, type ChatToWebview } from '../../protocol/chat';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';
import { copyText } from '../text-actions';
import { webviewHtml, webviewResourceRoots } from '../webview-html';
import { answerAction } from './answer-actions';
import { ChatSession } from '../../host/chat/chat-session';

export const CHAT_VIEW_TYPE = 'scalarlm.chat';

export class ChatPanels implements vscode.Disposable {
  private readonly open = new Map<string, ChatPanel>();
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly store: () => ConversationStore,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    this.disposables.add(
      vscode.window.registerWebviewPanelSerializer(CHAT_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
          const chatId = (state as ChatPanelState | undefined)?.chatId;
          const record = chatId && !this.open.has(chatId) ? this.store().load(chatId) : undefined;
          if (!record) return panel.dispose();
          this.adopt(panel, interrupted(record));
        },
      }),
    );
  }

  /** Reveals a conversation's panel, or opens it from the store; false when there is no such conversation. */
  show(chatId: string): boolean {
    const open = this.open.get(chatId);
    if (open) {
      open.reveal();
      return true;
    }
    const record = this.store().load(chatId);
    if (record) this.start(interrupted(record));
    return record !== undefined;
  }

  /** Opens a panel for a new conversation and returns its session. */
  start(record: ConversationRecord): ChatSession {
    const panel = vscode.window.createWebviewPanel(CHAT_VIEW_TYPE, record.title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {});
    return this.adopt(panel, record).session;
  }

  private adopt(panel: vscode.WebviewPanel, record: ConversationRecord): ChatPanel {
    panel.webview.options = { enableScripts: true, localResourceRoots: webviewResourceRoots(this.extensionUri) };
    const session = new ChatSession(record, {
      store: this.store(),
      api: () => this.connection.createClient(),
      deadlineMs: () => this.connection.settings.chat.timeoutSeconds * 1000,
    });
    const chat = new ChatPanel(panel, session, this.extensionUri, this.log);
    this.open.set(record.chatId, chat);
    chat.onDidClose(() => this.open.delete(record.chatId));
    return chat;
  }

  dispose(): void {
    for (const chat of this.open.values()) chat.dispose();
    this.disposables.dispose();
  }
}

/** Answers a window reload cut off are kept as they were, marked stopped. */
function interrupted(record: ConversationRecord): ConversationRecord {
  for (const turn of record.turns) {
    for (const answer of turn.answers) {
      if (answer.state === 'waiting' || answer.state === 'streaming') Object.assign(answer, { state: 'stopped', error: 'Interrupted by a window reload.' });
    }
  }
  return record;
}

class ChatPanel {
  private readonly disposables = new DisposableStore();
  private readonly closed = this.disposables.add(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;
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
      }),
    );
    this.disposables.add(panel.webview.onDidReceiveMessage((message: unknown) => void this.received(message)));
    panel.title = session.record.title;
    panel.webview.html = webviewHtml({ webview: panel.webview, extensionUri, scriptName: 'chat', stylesheets: ['panel.css', 'markdown.css', 'chat.css'], title: session.record.title });
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
  };

  private post(message: ChatToWebview): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private release(): void {
    this.closed.fire();
    this.disposables.dispose();
  }
}
