// The VS Code entry point. The extension UI arrives with issue 3; until then activation only
// proves that the bundle loads in a real extension host.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
