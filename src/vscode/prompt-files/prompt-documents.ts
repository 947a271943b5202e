// Prompt and experiment files as the editor holds them: which documents are which, their templates, and
// reading a file as the user sees it (an open editor's unsaved text before the disk's).

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { experimentSections } from '../../core/experiments/config';
import { guardedRead, type GuardedRead } from '../../core/files/file-access';
import { parsePrompty, plainTemplate, type PromptTemplate } from '../../core/templates';
import { fileAccess } from '../workspace-trust';

export const PROMPTY_LANGUAGE = 'prompty';
const EXPERIMENT_FILE_NAMES = new Set(['promptfooconfig.yaml', 'promptfooconfig.yml']);

/** Schemes of documents a user edits (not a diff's `git:` side, not an output channel). */
export const USER_SCHEMES = ['file', 'untitled'];

export function isUserDocument(document: vscode.TextDocument): boolean {
  return USER_SCHEMES.includes(document.uri.scheme);
}

export function isPromptyUri(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.prompty');
}

export function isPromptyDocument(document: vscode.TextDocument): boolean {
  return document.languageId === PROMPTY_LANGUAGE || isPromptyUri(document.uri);
}

/** A .prompty, or a .txt/.md template (Preview Prompt takes those too). */
export function isTemplateUri(uri: vscode.Uri): boolean {
  return /\.(prompty|txt|md)$/i.test(uri.path);
}

export function isYamlDocument(document: vscode.TextDocument): boolean {
  return document.languageId === 'yaml' || /\.ya?ml$/i.test(document.uri.path);
}

/** promptfoo's file name, or any YAML with `prompts` and `tests` or `providers`. */
export function isExperimentDocument(document: vscode.TextDocument): boolean {
  if (!isYamlDocument(document)) return false;
  return EXPERIMENT_FILE_NAMES.has(basename(document.uri.path).toLowerCase()) || experimentSections(document.getText()) !== undefined;
}

/** The file name problems and relative paths (a sample file) are read from: the path for files on disk. */
export function fileNameOf(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.path;
}

/** How the preview and messages name a file: relative to its workspace folder. */
export function displayPath(file: string): string {
  return vscode.workspace.asRelativePath(file, false);
}

export function templateOfDocument(document: vscode.TextDocument): PromptTemplate {
  const file = fileNameOf(document.uri);
  return isPromptyDocument(document) ? parsePrompty(document.getText(), file) : plainTemplate(document.getText(), file);
}

/** An open editor's text (unsaved edits included), else the file on disk. */
export async function readText(path: string): Promise<string> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.scheme === 'file' && document.uri.fsPath === path);
  if (open !== undefined) return open.getText();
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
}

/** readText for the files a workspace file names (a sample, `${file:…}`), under the workspace's file access now. */
export function readReferenced(read: (path: string) => Promise<string> = readText): GuardedRead {
  return guardedRead(fileAccess(), read);
}

/** The uri a command was given (a CodeLens or a menu passes one), else the active editor's. */
export function targetUri(argument: unknown): vscode.Uri | undefined {
  return argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
}
