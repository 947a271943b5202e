// A .prompty as the start of a chat (Chat with Prompt, Compare Models): rendered with its sample under the
// trust rule; anything that stops it is shown once, located, and no chat opens.

import * as vscode from 'vscode';
import { compileTemplate, loadParameters, type RenderedMessage } from '../../core/templates';
import type { Opening } from '../../host/chat/opening';
import { sampleVars } from '../../host/experiments/preview-vars';
import { promptyOpening } from '../../host/experiments/prompty-opening';
import type { ExtensionLog } from '../log';
import { displayPath, fileNameOf, isPromptyUri, readReferenced, templateOfDocument } from '../prompt-files/prompt-documents';
import { showRenderFailure } from '../prompt-files/render-failure';
import { templateTrust } from '../workspace-trust';

/** The .prompty a chat command acts on: its uri argument, else the active editor's, when either is one. */
export function promptyTarget(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return isPromptyUri(argument) ? argument : undefined;
  const document = vscode.window.activeTextEditor?.document;
  return document !== undefined && (document.languageId === 'prompty' || isPromptyUri(document.uri)) ? document.uri : undefined;
}

export async function promptyChatOpening(uri: vscode.Uri, log: ExtensionLog): Promise<Opening | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const template = templateOfDocument(document);
  if (template.kind !== 'prompty') return undefined;
  const read = readReferenced();
  const vars = await sampleVars(template, read);
  let messages: RenderedMessage[];
  let parameters: Record<string, unknown>;
  try {
    if (vars.kind === 'unreadable') throw vars.error;
    parameters = await loadParameters(template, read);
    const result = compileTemplate(template).render(vars.kind === 'sample' ? vars.values : {}, { trust: templateTrust() });
    messages = result.kind === 'messages' ? result.messages : [{ role: 'user', content: result.text }];
  } catch (error) {
    showRenderFailure(error, log, ' No chat was opened.');
    return undefined;
  }
  const built = promptyOpening(template, messages, displayPath(fileNameOf(uri)), parameters);
  if ('problem' in built) {
    void vscode.window.showErrorMessage(`ScalarLM: ${built.problem}`);
    return undefined;
  }
  return built.opening;
}
