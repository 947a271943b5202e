// The queue is polled only while the window has the focus (paused otherwise, by design), and headless
// Chromium can leave the workbench without it after webviews come and go: a click into the editor area,
// as a person would make, gives it back.

import * as vscode from 'vscode';
import { workbenchClick } from './page';
import { waitFor } from './wait';

export async function focusWindow(): Promise<void> {
  if (vscode.window.state.focused) return;
  await workbenchClick('.part.editor');
  await waitFor(() => vscode.window.state.focused, { timeoutMs: 10_000, what: 'the window to have the focus' });
}
