// CodeLens on prompt files: a .prompty's actions above its body, an experiment file's above `prompts:`.
// The editor asks again after every edit, so the lenses follow the text.

import * as vscode from 'vscode';
import { experimentLenses, promptyLenses, type LensSpec } from '../../host/experiments/prompt-lenses';
import { isPromptyDocument, isYamlDocument, PROMPTY_LANGUAGE, USER_SCHEMES } from '../prompt-files/prompt-documents';

/** .prompty and YAML documents a user edits (a diff's other side gets none). */
export const PROMPT_FILE_SELECTOR: vscode.DocumentSelector = USER_SCHEMES.flatMap((scheme) => [
  { scheme, language: PROMPTY_LANGUAGE },
  { scheme, pattern: '**/*.prompty' },
  { scheme, language: 'yaml' },
  { scheme, pattern: '**/*.{yaml,yml}' },
]);

export class PromptFileLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const specs = isPromptyDocument(document) ? promptyLenses(document.getText(), document.lineCount) : isYamlDocument(document) ? experimentLenses(document.getText()) : [];
    return specs.map((spec) => lensOf(spec, document.uri));
  }
}

function lensOf(spec: LensSpec, uri: vscode.Uri): vscode.CodeLens {
  return new vscode.CodeLens(new vscode.Range(spec.line, 0, spec.line, 0), { title: spec.title, command: spec.command, tooltip: spec.tooltip, arguments: [uri] });
}
