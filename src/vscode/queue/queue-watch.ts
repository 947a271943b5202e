// Keeps the queue monitor pointed at the current deployment with the current settings, and polling
// only while the window is focused.

import * as vscode from 'vscode';
import { QueueMonitor, type QueueMonitorSettings } from '../../core/monitor/queue-monitor';
import type { Connection } from '../deployment/connection';

export function createQueueWatch(connection: Connection): { monitor: QueueMonitor; disposable: vscode.Disposable } {
  const monitor = new QueueMonitor(monitorSettings(connection));
  monitor.setFocused(vscode.window.state.focused);
  monitor.start();
  const disposable = vscode.Disposable.from(
    connection.onDidChange(() => monitor.configure(monitorSettings(connection))),
    vscode.window.onDidChangeWindowState((state) => monitor.setFocused(state.focused)),
    { dispose: () => monitor.dispose() },
  );
  return { monitor, disposable };
}

function monitorSettings(connection: Connection): QueueMonitorSettings {
  const { metrics, batch } = connection.settings;
  const access = connection.api();
  return {
    target: !metrics.enabled ? { unconfigured: 'queue metrics are off (scalarlm.metrics.enabled).' } : access.ok ? { api: access.api } : { unconfigured: access.reason },
    intervalMs: metrics.intervalSeconds * 1000,
    busyAbove: batch.pauseAboveQueueDepth,
  };
}
