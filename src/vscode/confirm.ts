// A yes/no question as a quick pick: keyboard first, and (unlike a modal dialog, which VS Code refuses to show
// under test) the same in every host. Only the two answers are items: the facts to decide on are the detail
// of the confirming one, so no row can be picked that silently means "no".

import * as vscode from 'vscode';

interface Choice extends vscode.QuickPickItem {
  confirmed: boolean;
}

export interface ConfirmOptions {
  /** Shown in the input box: why the question is asked (the setting behind it). */
  placeHolder?: string;
}

/** Resolves true only when the user picks `confirmLabel`; Escape or "Cancel" is false. */
export async function confirm(title: string, facts: string[], confirmLabel: string, options: ConfirmOptions = {}): Promise<boolean> {
  const items: Choice[] = [
    { label: `$(check) ${confirmLabel}`, confirmed: true, ...(facts.length > 0 ? { detail: facts.join(' · ') } : {}) },
    { label: '$(close) Cancel', confirmed: false },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: options.placeHolder ?? title, ignoreFocusOut: true });
  return picked?.confirmed === true;
}
