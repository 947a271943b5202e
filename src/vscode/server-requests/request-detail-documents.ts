// Stored requests as read-only JSON documents: `scalarlm-request:/<group id>/<short id>.json` shows the
// pretty-printed answer of GET /v1/generate/request/{id} (protocol §5.2). The file name gives the editor its
// short title and its JSON language; the full id in the path is what gets fetched.

import * as vscode from 'vscode';
import type { ApiAccess, ScalarLMApi } from '../../core/api/api';
import { DisposableStore } from '../../host/dispose';
import { shortRequestId } from '../../host/server-requests/request-row-text';

export const REQUEST_DETAIL_SCHEME = 'scalarlm-request';

const GROUP_ID = /^[0-9a-f]{64}$/;

/** What the documents need of the connection: Connection fits. */
export interface DetailSource {
  readonly baseUrl: string;
  api(): ApiAccess<Pick<ScalarLMApi, 'lookupRequest'>>;
}

export class RequestDetailDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  /** Texts fetched by load(), so opening the document does not fetch a second time. */
  private readonly texts = new Map<string, string>();

  constructor(private readonly source: DetailSource) {
    this.disposables.add(vscode.workspace.onDidCloseTextDocument((document) => this.texts.delete(document.uri.toString())));
  }

  /**
   * Fetches a request's detail and returns the URI of its document; a document already open shows the fresh
   * text. Fetching first means a failure reaches the user as its own message, before any editor opens.
   */
  async load(requestId: unknown): Promise<vscode.Uri> {
    if (typeof requestId !== 'string' || !GROUP_ID.test(requestId)) {
      throw new Error(`A stored request is opened by its group id (64 lowercase hex characters), not ${JSON.stringify(requestId)}.`);
    }
    const uri = vscode.Uri.from({ scheme: REQUEST_DETAIL_SCHEME, path: `/${requestId}/${shortRequestId(requestId)}.json` });
    this.texts.set(uri.toString(), await this.fetchText(requestId));
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    // Not loaded in this session: an editor restored with the window. Fetch it now.
    return this.texts.get(uri.toString()) ?? this.fetchText(uri.path.split('/')[1]);
  }

  private async fetchText(requestId: string): Promise<string> {
    const access = this.source.api();
    if (!access.ok) throw new Error(access.reason);
    const { data } = await access.api.lookupRequest(requestId);
    switch (data.state) {
      case 'found':
        return `${JSON.stringify(data.detail, null, 2)}\n`;
      case 'not-found':
        throw new Error(`The deployment at ${this.source.baseUrl} has no stored request ${requestId}. Refresh the Server Requests view to see what it has.`);
      case 'route-missing':
        throw new Error('This deployment is older and has no request browser (no /v1/generate/request/{id}).');
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
