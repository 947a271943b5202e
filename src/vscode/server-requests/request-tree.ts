// The Server Requests tree: one flat level of stored requests, newest first, and a final "Load more…" item
// while the server has older pages. It only renders what RequestPages holds; loading happens elsewhere.

import * as vscode from 'vscode';
import type { RequestRow } from '../../core/api/types';
import type { RequestListView } from '../../host/server-requests/request-pages';
import { rowDescription, rowDetails, rowLabel, statusIcon } from '../../host/server-requests/request-row-text';

export const OPEN_REQUEST_COMMAND = 'scalarlm.serverRequests.open';
/** Not contributed in package.json: only the "Load more…" item runs it, so it stays out of the palette. */
export const LOAD_MORE_COMMAND = 'scalarlm.serverRequests.loadMore';

export type RequestNode = { kind: 'row'; row: RequestRow } | { kind: 'load-more' };

export class RequestTree implements vscode.TreeDataProvider<RequestNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private nodes: RequestNode[] = [];

  show(view: RequestListView): void {
    this.nodes = view.rows.map((row): RequestNode => ({ kind: 'row', row }));
    if (view.hasMore) this.nodes.push({ kind: 'load-more' });
    this.changed.fire();
  }

  getChildren(parent?: RequestNode): RequestNode[] {
    return parent ? [] : this.nodes;
  }

  getTreeItem(node: RequestNode): vscode.TreeItem {
    return node.kind === 'row' ? rowItem(node.row, Date.now()) : loadMoreItem();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function rowItem(row: RequestRow, nowMs: number): vscode.TreeItem {
  const label = rowLabel(row);
  const description = rowDescription(row, nowMs);
  const item = new vscode.TreeItem(label);
  item.id = row.request_id;
  item.description = description;
  item.iconPath = new vscode.ThemeIcon(statusIcon(row.status));
  item.tooltip = tooltip(row);
  item.command = { command: OPEN_REQUEST_COMMAND, title: 'Open Request Detail', arguments: [row.request_id] };
  item.accessibilityInformation = { label: `${label}, ${description}` };
  return item;
}

function loadMoreItem(): vscode.TreeItem {
  const item = new vscode.TreeItem('Load more…');
  item.id = 'scalarlm.serverRequests.loadMore';
  item.iconPath = new vscode.ThemeIcon('more');
  item.command = { command: LOAD_MORE_COMMAND, title: 'Load More Requests' };
  return item;
}

/** Server text goes in as text (appendText escapes it), never as markdown. */
function tooltip(row: RequestRow): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString();
  for (const [name, value] of rowDetails(row)) {
    markdown.appendMarkdown(`**${name}:** `);
    markdown.appendText(value);
    markdown.appendMarkdown('\n\n');
  }
  return markdown;
}
