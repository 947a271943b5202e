// "ScalarLM: Open Prometheus Metrics": the deployment's GET /v1/metrics as a read-only document, read again
// on "Refresh Prometheus Metrics" (its editor title button) and when the deployment changes. On a server
// from before the route, the document says so instead.

import * as vscode from 'vscode';
import { isScalarLMError } from '../../core/api/errors';
import { DisposableStore } from '../../host/dispose';
import { prometheusDocumentText, type PrometheusReading } from '../../host/queue/prometheus-text';
import type { Connection } from '../deployment/connection';

export const PROMETHEUS_SCHEME = 'scalarlm-prometheus';
const DOCUMENT_URI = vscode.Uri.from({ scheme: PROMETHEUS_SCHEME, path: '/Prometheus Metrics' });

export class PrometheusDocument implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly connection: Connection) {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(PROMETHEUS_SCHEME, this));
    this.disposables.add(vscode.commands.registerCommand('scalarlm.openPrometheusMetrics', () => this.open()));
    this.disposables.add(vscode.commands.registerCommand('scalarlm.refreshPrometheusMetrics', () => this.refresh()));
    this.disposables.add(connection.onDidChange(() => this.refresh()));
  }

  async provideTextDocumentContent(_uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const access = this.connection.api();
    if (!access.ok) return prometheusDocumentText({ state: 'unconfigured', reason: access.reason }, undefined, new Date());
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    let reading: PrometheusReading;
    try {
      reading = (await access.api.prometheusMetrics({ signal: controller.signal })).data;
    } catch (error) {
      if (!isScalarLMError(error)) throw error;
      reading = { state: 'failed', message: error.message };
    } finally {
      cancelled.dispose();
    }
    return prometheusDocumentText(reading, access.api.baseUrl, new Date());
  }

  /** Opens the document, read afresh if it was open already. */
  private async open(): Promise<void> {
    if (this.isOpen()) this.changed.fire(DOCUMENT_URI);
    const document = await vscode.workspace.openTextDocument(DOCUMENT_URI);
    await vscode.window.showTextDocument(document, { preview: false });
  }

  private refresh(): void {
    // A closed document has nothing to refresh: it is read when opened.
    if (this.isOpen()) this.changed.fire(DOCUMENT_URI);
  }

  private isOpen(): boolean {
    return vscode.workspace.textDocuments.some((document) => document.uri.toString() === DOCUMENT_URI.toString());
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
