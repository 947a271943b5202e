// A yes/no question as a quick pick: the facts to decide on shown as items, keyboard first, and (unlike a
// modal dialog, which VS Code refuses to show under test) the same in every host.

import * as vscode from 'vscode';

interface Choice extends vscode.QuickPickItem {
  confirmed: boolean;
}

/** Resolves true only when the user picks `confirmLabel`; Escape or "Cancel" is false. */
export async function confirm(title: string, facts: string[], confirmLabel: string): Promise<boolean> {
  const items: Choice[] = [
    { label: `$(check) ${confirmLabel}`, confirmed: true },
    { label: '$(close) Cancel', confirmed: false },
    { label: '', kind: vscode.QuickPickItemKind.Separator, confirmed: false },
    ...facts.map((fact) => ({ label: fact, confirmed: false, alwaysShow: true })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: title, ignoreFocusOut: true });
  return picked?.confirmed === true;
}
