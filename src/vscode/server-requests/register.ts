// Registers the Server Requests view: the tree over list_requests, the read-only request documents, and the
// commands that refresh the tree, load its next page and open a request.

import * as vscode from 'vscode';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';
import { REQUEST_DETAIL_SCHEME, RequestDetailDocuments } from './request-detail-documents';
import { LOAD_MORE_COMMAND, OPEN_REQUEST_COMMAND } from './request-tree';
import { ServerRequestsView } from './server-requests-view';

export interface ServerRequestsDeps {
  connection: Connection;
  log: ExtensionLog;
  /** The window's runs: the view reloads when one starts or ends. */
  runs: { onDidChange: vscode.Event<{ runId: string; ended?: unknown }> };
}

export function registerServerRequests({ connection, log, runs }: ServerRequestsDeps): vscode.Disposable {
  const disposables = new DisposableStore();
  const runsMoved = disposables.add(new vscode.EventEmitter<void>());
  const seen = new Set<string>();
  disposables.add(
    runs.onDidChange((event) => {
      const first = !seen.has(event.runId);
      seen.add(event.runId);
      if (event.ended) seen.delete(event.runId);
      if (first || event.ended) runsMoved.fire();
    }),
  );
  const view = disposables.add(new ServerRequestsView(connection, log, runsMoved.event));
  const documents = disposables.add(new RequestDetailDocuments(connection));
  disposables.add(vscode.workspace.registerTextDocumentContentProvider(REQUEST_DETAIL_SCHEME, documents));
  disposables.add(vscode.commands.registerCommand('scalarlm.serverRequests.refresh', () => view.reload()));
  disposables.add(vscode.commands.registerCommand(LOAD_MORE_COMMAND, () => view.loadMore()));
  disposables.add(
    vscode.commands.registerCommand(OPEN_REQUEST_COMMAND, (requestId: unknown) => view.withProgress(() => openRequest(documents, requestId, log))),
  );
  return disposables;
}

/** A request that cannot be fetched is reported once, with the log a click away; nothing opens. */
async function openRequest(documents: RequestDetailDocuments, requestId: unknown, log: ExtensionLog): Promise<void> {
  try {
    const document = await vscode.workspace.openTextDocument(await documents.load(requestId));
    await vscode.window.showTextDocument(document, { preview: true });
  } catch (error) {
    log.showError(error);
  }
}
