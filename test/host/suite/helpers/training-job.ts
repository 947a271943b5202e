// A small training job of the test's own, trained through the editor as a person does: Train Adaptor… on a file,
// Start Training in the form, the job panel followed until the job completes. New tests train their own adaptors
// rather than lean on any the simulator may seed.

import * as vscode from 'vscode';
import { webviewQuery, workbenchText } from './page';
import { pressInQuickInput } from './quick-input';
import { clickUntil, waitFor } from './wait';

const FORM = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';

/**
 * Submits `data` with the server's defaults from the Train Adaptor form; resolves with the job hash its panel shows.
 * `panelText`: text its panel's page holds, to tell it from other job panels open.
 */
export async function submitOnFile(data: vscode.Uri, { timeoutMs = 60_000, panelText = 'scalarlm-training' } = {}): Promise<string> {
  const training = vscode.commands.executeCommand('scalarlm.trainAdaptor', data);
  await waitFor(async () => (await workbenchText(FORM))?.includes('Start Training'), { timeoutMs, what: 'the Train Adaptor form' });
  // An Enter can be lost while the workbench moves the focus (a fresh-clone run waited on the open form for ever):
  // pressed again until the form has closed.
  await clickUntil(() => pressInQuickInput('Enter'), async () => !(await workbenchText(FORM))?.includes('Start Training'), { timeoutMs, perClickMs: 5_000, what: 'the Train Adaptor form to start the training' });
  await training;
  return waitFor(async () => /^[0-9a-f]{64}$/.exec((await webviewQuery(panelText, '#hash'))?.texts[0] ?? '')?.[0], { timeoutMs, what: 'the job panel' });
}

/** Trains on `data` with the server's defaults; resolves with the job hash once its panel shows COMPLETED. */
export async function trainOnFile(data: vscode.Uri, timeoutMs = 60_000): Promise<string> {
  const hash = await submitOnFile(data, { timeoutMs });
  await waitFor(async () => (await webviewQuery(hash, 'main[data-status="COMPLETED"]'))?.count === 1, { timeoutMs, what: `job ${hash.slice(0, 12)} to complete` });
  return hash;
}
