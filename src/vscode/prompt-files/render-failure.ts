// A template that did not render, told to the user once: a trust refusal with its "Manage Workspace Trust"
// action, a located problem (template, sample file, dataset row) with "Go to Line", anything else through
// the log.

import * as vscode from 'vscode';
import { ConfigError } from '../../core/experiments/config';
import { TemplateTrustError } from '../../core/templates';
import { isLocated, locatedText } from '../../host/experiments/rendered-markdown';
import type { ExtensionLog } from '../log';
import { displayPath } from './prompt-documents';
import { GO_TO_LINE, goToLine, showTrustRefusal } from './trust-refusal';

/** `consequence` ends the sentence: " Nothing was sent." The caller does not wait for the user. */
export function showRenderFailure(error: unknown, log: ExtensionLog, consequence = ''): void {
  const refusal = error instanceof TemplateTrustError ? error : error instanceof ConfigError ? error.refusal : undefined;
  if (refusal !== undefined) return showTrustRefusal(refusal, consequence);
  if (!isLocated(error)) return log.showError(error);
  void vscode.window.showErrorMessage(`ScalarLM: ${locatedText(error, displayPath)}${consequence}`, GO_TO_LINE).then(async (choice) => {
    if (choice === GO_TO_LINE) await goToLine(error);
  });
}
