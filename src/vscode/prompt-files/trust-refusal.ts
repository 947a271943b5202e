// The trust rule in the editor: templates are code (nunjucks does not sandbox), so Jinja2 renders only in a
// trusted workspace, and files a workspace file names are read only inside the workspace; in Restricted Mode
// either is refused with a way to manage trust, and mustache still renders. Every command that renders a
// template asks templateTrust() and fileAccess() and reports a refusal with showTrustRefusal().

import * as vscode from 'vscode';
import { asSentence } from '../../core/prompts/problems';
import type { TemplateTrustError } from '../../core/templates';
import { locatedText } from '../../host/experiments/rendered-markdown';
import { displayPath } from './prompt-documents';

export const MANAGE_TRUST = 'Manage Workspace Trust';
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

/** `ScalarLM: <message><consequence>` with a "Manage Workspace Trust" action; the caller does not wait for the user. */
export function showTrustRefusal(error: TemplateTrustError, consequence = ''): void {
  const text = locatedText(error, displayPath);
  void vscode.window.showErrorMessage(`ScalarLM: ${consequence ? `${asSentence(text)}${consequence}` : text}`, MANAGE_TRUST).then((choice) => {
    if (choice === MANAGE_TRUST) void vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
  });
}
