// The Server Requests view: keeps RequestPages loaded while the view can be seen. It reloads when it shows
// after the deployment or the settings changed or a run of this window started or ended (so a finished
// request does not keep its "in progress" spinner), and never in the background while hidden.

import * as vscode from 'vscode';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import { editorMessage } from '../../host/notices/deployment-notices';
import type { ExtensionLog } from '../log';
import { RequestPages, type RequestListView } from '../../host/server-requests/request-pages';
import { RequestTree, type RequestNode } from './request-tree';

export const SERVER_REQUESTS_VIEW_ID = 'scalarlm.serverRequests';

export class ServerRequestsView implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly tree = this.disposables.add(new RequestTree());
  private readonly treeView: vscode.TreeView<RequestNode>;
  private readonly pages: RequestPages;
  /** What the view shows is not what the current deployment would answer (or was never loaded). */
  private stale = true;

  constructor(
    private readonly connection: Connection,
    log: ExtensionLog,
    /** A run of this window started or ended: the deployment holds new requests, or finished ones. */
    runsMoved: vscode.Event<void>,
  ) {
    this.treeView = this.disposables.add(vscode.window.createTreeView(SERVER_REQUESTS_VIEW_ID, { treeDataProvider: this.tree }));
    this.pages = this.disposables.add(
      new RequestPages(connection, {
        onDidChange: (view) => this.show(view),
        onError: (error) => log.channel.error(`Server Requests: ${error instanceof Error ? error.message : String(error)}`),
      }),
    );
    this.disposables.add(
      connection.onDidChange(() => {
        this.stale = true;
        this.reloadIfVisible();
      }),
    );
    this.disposables.add(
      runsMoved(() => {
        this.stale = true;
        this.reloadIfVisible();
      }),
    );
    this.disposables.add(this.treeView.onDidChangeVisibility(() => this.reloadIfVisible()));
    this.reloadIfVisible();
  }

  /** From the first page again. */
  reload(): Promise<void> {
    this.stale = false;
    return this.withProgress(() => this.pages.reload());
  }

  loadMore(): Promise<void> {
    return this.withProgress(() => this.pages.loadMore());
  }

  /** Runs a task with the view's progress bar showing. */
  withProgress<T>(task: () => Promise<T>): Promise<T> {
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: SERVER_REQUESTS_VIEW_ID } }, task));
  }

  private reloadIfVisible(): void {
    if (this.stale && this.treeView.visible) void this.reload();
  }

  private show(view: RequestListView): void {
    this.tree.show(view);
    // With no deployment, the view's welcome content says what to do; a message would hide it.
    this.treeView.message = this.connection.problem === undefined && view.message !== undefined ? editorMessage(view.message) : undefined;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
