// The completion panel: one at a time, beside the editor, showing the end of the prompt and the
// continuation as it streams, with Stop, Insert at Cursor, Copy and Complete Again. A new completion
// replaces the one shown (and stops it if it still runs). It is not restored after a window reload: it
// holds one throwaway stream, not a document.

import * as path from 'node:path';
import * as vscode from 'vscode';
import { deploymentDefaultModel } from '../../core/batch/deployment-model';
import type { CompletionRequest } from '../../core/api/types';
import { streamCompletion, type CompletionProgress } from '../../host/completions/completion-stream';
import { completionView, type CompletionAsked } from '../../host/completions/completion-view';
import { DisposableStore } from '../../host/dispose';
import { isCompletionWebviewMessage, type CompletionAction, type CompletionHostMessage } from '../../protocol/completion';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { panelColumn } from '../panel-column';
import { copyText } from '../text-actions';
import { webviewHtml, webviewResourceRoots } from '../webview-html';
import type { CompletionPrompt } from './completion-prompt';
import { insertCompletion } from './insert-completion';

/** What one completion asks: the prompt with its place, and the request sent for it. */
export interface CompletionJob {
  prompt: CompletionPrompt;
  request: CompletionRequest;
  asked: CompletionAsked;
}

/** A stream's views go to the page at most this often; the last one always goes at once. */
const FRAME_MS = 50;

export class CompletionPanel implements vscode.Disposable {
  static readonly viewType = 'scalarlm.completion';
  private static current: CompletionPanel | undefined;

  private readonly disposables = new DisposableStore();
  private ready = false;
  private job: CompletionJob | undefined;
  private asked: CompletionAsked | undefined;
  private progress: CompletionProgress = { state: 'waiting', text: '' };
  private running: AbortController | undefined;
  private frame: NodeJS.Timeout | undefined;

  /** Shows `job` in the panel (opened beside the editor the first time, revealed after) and runs it. */
  static run(extensionUri: vscode.Uri, connection: Connection, log: ExtensionLog, job: CompletionJob): void {
    let shown = CompletionPanel.current;
    if (shown) shown.panel.reveal(undefined, true);
    else {
      const panel = vscode.window.createWebviewPanel(CompletionPanel.viewType, 'Completion', { viewColumn: panelColumn(), preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: webviewResourceRoots(extensionUri),
      });
      shown = new CompletionPanel(panel, extensionUri, connection, log);
    }
    shown.start(job);
  }

  static disposeCurrent(): void {
    CompletionPanel.current?.dispose();
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    CompletionPanel.current = this;
    const { webview } = panel;
    this.disposables.add(panel.onDidDispose(() => this.release()));
    this.disposables.add(
      webview.onDidReceiveMessage((message: unknown) => {
        if (!isCompletionWebviewMessage(message)) return;
        if (message.type === 'ready') {
          this.ready = true;
          this.postNow();
        } else void this.act(message.action);
      }),
    );
    // A hidden page is torn down; posts wait for its successor's `ready`.
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
    webview.html = webviewHtml({ webview, extensionUri, scriptName: 'completion', stylesheets: ['panel.css', 'completion.css'], title: 'Completion' });
  }

  private start(job: CompletionJob): void {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.job = job;
    this.asked = { ...job.asked };
    this.progress = { state: 'waiting', text: '' };
    this.panel.title = `Completion: ${path.basename(job.prompt.source.fileName)}`;
    this.postNow();
    const access = this.connection.createClient();
    if (!access.ok) return this.finish(controller, { state: 'error', text: '', error: access.reason });
    const api = access.api;
    const asked = this.asked;
    if (job.request.model === undefined) {
      // Named in the panel as the chat names it; the stream itself does not say which model answered.
      void deploymentDefaultModel(api, controller.signal)
        .then((name) => {
          if (name === undefined || this.running !== controller) return;
          asked.defaultModel = name;
          this.schedule();
        })
        .catch(() => undefined);
    }
    void streamCompletion(api, job.request, controller.signal, (progress) => {
      if (this.running !== controller) return;
      this.progress = progress;
      this.schedule();
    })
      .then((final) => this.finish(controller, final))
      .finally(() => void api.close());
  }

  private finish(controller: AbortController, final: CompletionProgress): void {
    if (this.running !== controller) return;
    this.running = undefined;
    this.progress = final;
    if (final.error !== undefined) this.log.channel.warn(`Completion of ${this.job?.prompt.source.fileName}: ${final.error}`);
    this.postNow();
  }

  private async act(action: CompletionAction): Promise<void> {
    const { job, progress } = this;
    if (!job) return;
    switch (action) {
      case 'stop':
        return this.running?.abort();
      case 'insert':
        return progress.text === '' ? undefined : insertCompletion(progress.text, job.prompt.document, job.prompt.end);
      case 'copy':
        return copyText(progress.text, 'Completion');
      case 'again':
        return this.start(job);
    }
  }

  private schedule(): void {
    this.frame ??= setTimeout(() => this.postNow(), FRAME_MS);
  }

  private postNow(): void {
    clearTimeout(this.frame);
    this.frame = undefined;
    if (!this.ready || !this.job || !this.asked) return;
    const message: CompletionHostMessage = { type: 'show', view: completionView(this.job.prompt.source, this.asked, this.job.prompt.text, this.progress) };
    void this.panel.webview.postMessage(message);
  }

  /** Closes the panel; VS Code then fires onDidDispose, which releases everything else. */
  dispose(): void {
    this.panel.dispose();
  }

  private release(): void {
    if (CompletionPanel.current === this) CompletionPanel.current = undefined;
    this.running?.abort();
    this.running = undefined;
    clearTimeout(this.frame);
    this.disposables.dispose();
  }
}
