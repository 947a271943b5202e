// "ScalarLM: Select Deployment URL": the URL in settings, the local simulator, recent URLs, or a new one.

import * as vscode from 'vscode';
import type { Connection } from './connection';
import type { ExtensionLog } from '../log';
import { pickTarget } from '../setting-target';
import type { SimulatorLauncher } from '../simulator/simulator-launcher';

const RECENT_KEY = 'scalarlm.recentBaseUrls';
const RECENT_MAX = 5;

interface UrlItem extends vscode.QuickPickItem {
  action: { url: string } | 'enter' | 'simulator';
}

export async function selectDeploymentUrl(context: vscode.ExtensionContext, connection: Connection, simulator: SimulatorLauncher, log: ExtensionLog): Promise<void> {
  const configured = connection.settings.baseUrl;
  const recent = context.globalState.get<string[]>(RECENT_KEY, []).filter((url) => url !== configured);
  const items: UrlItem[] = [
    { label: '$(edit) Enter a URL…', action: 'enter' },
    simulator.url
      ? { label: `$(vm-running) ${simulator.url}`, description: 'local simulator (running)', action: { url: simulator.url } }
      : { label: '$(vm) Start the local simulator', description: 'no deployment needed', action: 'simulator' },
    ...(configured ? [{ label: configured, description: 'scalarlm.baseUrl (current)', action: { url: configured } }] : []),
    ...recent.map((url) => ({ label: url, description: 'recent', action: { url } })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'ScalarLM: Select Deployment URL' });
  if (!picked) return;
  if (picked.action === 'simulator') return void (await vscode.commands.executeCommand('scalarlm.startSimulator'));
  const url = picked.action === 'enter' ? await askForUrl(configured) : picked.action.url;
  if (!url) return;
  if (url === simulator.url) return;
  if (simulator.url) await simulator.stop();
  const target = await pickTarget('scalarlm.baseUrl');
  if (target === undefined) return;
  await vscode.workspace.getConfiguration('scalarlm').update('baseUrl', url, target);
  await context.globalState.update(RECENT_KEY, [url, ...recent.filter((u) => u !== url)].slice(0, RECENT_MAX));
  log.info(`scalarlm.baseUrl set to ${url} (${vscode.ConfigurationTarget[target]}).`);
}

function askForUrl(current: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'ScalarLM deployment URL',
    value: current,
    placeHolder: 'http://localhost:8000',
    validateInput: (value) => {
      try {
        const url = new URL(value.trim());
        return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'Use an http:// or https:// URL.';
      } catch {
        return 'Enter a URL such as http://localhost:8000.';
      }
    },
  }).then((value) => value?.trim().replace(/\/+$/, ''));
}
