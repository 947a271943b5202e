// "ScalarLM: Complete Selection": the selected text (or everything before the cursor) sent as a raw prompt
// to /v1/completions, streamed into the completion panel with the model, max tokens and temperature of
// the settings. A raw completion has no chat template: the model continues the text as written.

import * as vscode from 'vscode';
import type { CompletionRequest } from '../../core/api/types';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { CompletionPanel } from './completion-panel';
import { completionPrompt } from './completion-prompt';

export function completeSelection(extensionUri: vscode.Uri, connection: Connection, log: ExtensionLog): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open a document and select the text to continue, then run Complete Selection again.');
  const prompt = completionPrompt(editor);
  if (prompt.text.trim() === '') {
    return void vscode.window.showWarningMessage('ScalarLM: nothing to complete. Select the text to continue (or put the cursor after it), then run Complete Selection again.');
  }
  const { model, maxTokens, temperature } = connection.settings;
  const request: CompletionRequest = { prompt: prompt.text, max_tokens: maxTokens, temperature };
  // Empty means the deployment's default: left out, so vLLM answers with the model it serves first (protocol §6.1).
  if (model !== '') request.model = model;
  CompletionPanel.run(extensionUri, connection, log, {
    prompt,
    request,
    asked: { ...(model !== '' ? { model } : {}), maxTokens, temperature },
  });
}
