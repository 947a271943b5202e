// Where a new ScalarLM panel (results, experiment, chat, metrics) opens: in the editor column that already
// holds ScalarLM panels, else beside the editor it came from. Opening every panel "beside" the active group
// split the editor once more each time a panel had the focus.

import * as vscode from 'vscode';

/** Our panels' view types all start so; VS Code reports an extension's webview tab as `mainThreadWebview-<viewType>`. */
const OUR_VIEW_TYPE = /(^|-)scalarlm\./;

export function panelColumn(): vscode.ViewColumn {
  const groups = vscode.window.tabGroups;
  const active = groups.activeTabGroup;
  const holding = groups.all.filter((group) => group.tabs.some(isOurPanel));
  if (holding.length === 0) return vscode.ViewColumn.Beside;
  // Several (the user moved panels apart): the one in front, else the nearest to the right of it.
  const chosen = holding.find((group) => group === active) ?? holding.find((group) => group.viewColumn > active.viewColumn) ?? holding[holding.length - 1];
  return chosen.viewColumn;
}

function isOurPanel(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && OUR_VIEW_TYPE.test(tab.input.viewType);
}
