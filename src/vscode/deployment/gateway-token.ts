// "ScalarLM: Set/Clear Gateway Token": a secret for a gateway in front of the deployment, kept in
// SecretStorage and sent as a header; never written to settings or to the log.

import * as vscode from 'vscode';
import type { Connection } from './connection';

export async function setGatewayToken(connection: Connection): Promise<void> {
  const header = connection.settings.gatewayTokenHeader;
  const token = await vscode.window.showInputBox({
    title: 'ScalarLM gateway token',
    prompt: `Sent as the ${header} header${header.toLowerCase() === 'authorization' ? ' (Bearer <token>)' : ''}; kept in VS Code's secret storage. Change the header with scalarlm.gatewayTokenHeader.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'Enter the token, or press Escape.'),
  });
  if (!token) return;
  await connection.setToken(token.trim());
  void vscode.window.showInformationMessage(`ScalarLM: gateway token saved; requests now carry the ${header} header.`);
}

export async function clearGatewayToken(connection: Connection): Promise<void> {
  await connection.setToken(undefined);
  void vscode.window.showInformationMessage('ScalarLM: gateway token cleared.');
}
