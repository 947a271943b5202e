// The gateway token: set and cleared by commands, kept in SecretStorage, sent as a header with every
// request, never written to settings. Extra non-secret headers come from scalarlm.headers.

import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { pressKey, typeText, workbenchText } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';

const TOKEN = 'tok-4f1c9e-secret';

/** A stand-in deployment that answers the queue monitor and remembers the headers it was sent. */
async function recordingDeployment(): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(request.url?.startsWith('/v1/health') ? '{"api":"up","vllm":"up","all":"up"}' : '{"queue_depth":0,"token/s":0}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('gateway token', () => {
  let deployment: Awaited<ReturnType<typeof recordingDeployment>>;

  before(async () => {
    deployment = await recordingDeployment();
  });

  after(async () => {
    await vscode.commands.executeCommand('scalarlm.clearGatewayToken');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    deployment.server.closeAllConnections();
    deployment.server.close();
  });

  const seenSince = (start: number, check: (headers: IncomingHttpHeaders) => boolean) => () => deployment.seen.slice(start).some(check);

  it('is sent as a Bearer token once set, beside scalarlm.headers, and never written to settings', async () => {
    await setSettings({ baseUrl: deployment.url, 'metrics.intervalSeconds': 1, headers: { 'X-Team': 'ml' } });
    await waitFor(seenSince(0, (h) => h['x-team'] === 'ml' && h.authorization === undefined), { timeoutMs: 20_000, what: 'a request with the extra header and no token' });

    const setting = vscode.commands.executeCommand('scalarlm.setGatewayToken');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('secret storage'), { timeoutMs: 10_000, what: 'the token input' });
    await typeText(TOKEN);
    await pressKey('Enter');
    await setting;
    const start = deployment.seen.length;
    await waitFor(seenSince(start, (h) => h.authorization === `Bearer ${TOKEN}` && h['x-team'] === 'ml'), { timeoutMs: 20_000, what: 'a request carrying the token' });

    const settings = JSON.stringify(['baseUrl', 'headers', 'gatewayTokenHeader', 'model'].map((key) => vscode.workspace.getConfiguration('scalarlm').inspect(key)));
    assert.ok(!settings.includes(TOKEN), 'the token is in no setting');
  });

  it('is no longer sent once cleared', async () => {
    await vscode.commands.executeCommand('scalarlm.clearGatewayToken');
    const start = deployment.seen.length;
    await waitFor(seenSince(start, (h) => h.authorization === undefined && h['x-team'] === 'ml'), { timeoutMs: 20_000, what: 'a request without the token' });
  });
});
