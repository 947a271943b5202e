// The deployment this window talks to: the client built from the settings, the gateway token kept in
// SecretStorage, and the local simulator when one is running (it takes over without touching settings).
// Everything that talks to the deployment asks here, so a change applies at once, without a reload.

import * as vscode from 'vscode';
import type { ApiAccess } from '../../core/api/api';
import { checkBaseUrl } from '../../core/api/base-url';
import { ScalarLMClient } from '../../core/api/client';
import type { RequestLogEntry } from '../../core/api/types';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';
import { currentSettings, onDidChangeSettings } from '../settings';
import type { Settings } from '../../host/settings-schema';

const TOKEN_KEY = 'scalarlm.gatewayToken';
// Routes polled every few seconds: logged at trace level.
const POLLED = ['/v1/generate/metrics', '/v1/health'];

export class Connection implements vscode.Disposable {
  private settingsNow = currentSettings();
  private token: string | undefined;
  private simulatorUrl: string | undefined;
  private client: ScalarLMClient | undefined;
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());

  /** Fires when the base URL, headers, token or any setting changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: ExtensionLog,
  ) {
    this.disposables.add(
      onDidChangeSettings((settings) => {
        this.settingsNow = settings;
        this.invalidate();
      }),
    );
    this.disposables.add(
      secrets.onDidChange((event) => {
        if (event.key === TOKEN_KEY) void this.loadToken();
      }),
    );
  }

  async loadToken(): Promise<void> {
    this.token = (await this.secrets.get(TOKEN_KEY)) || undefined;
    await vscode.commands.executeCommand('setContext', 'scalarlm.hasGatewayToken', this.token !== undefined);
    this.invalidate();
  }

  get settings(): Settings {
    return this.settingsNow;
  }

  /** The simulator's URL while one runs for this window, else the setting. */
  /** The base URL whose /v1 was last dropped with a note in the log (said once per URL). */
  private notedUrl: string | undefined;

  get baseUrl(): string {
    return this.simulatorUrl ?? this.settingsNow.baseUrl;
  }

  get usesSimulator(): boolean {
    return this.simulatorUrl !== undefined;
  }

  /** Why there is no deployment to talk to (none set, or not a URL), with what to do; undefined when there is one. */
  get problem(): string | undefined {
    const checked = checkBaseUrl(this.baseUrl);
    return checked.ok ? undefined : `${checked.problem} Start the local simulator, or select a deployment URL (scalarlm.baseUrl).`;
  }

  setSimulatorUrl(url: string | undefined): void {
    this.simulatorUrl = url;
    this.invalidate();
  }

  async setToken(token: string | undefined): Promise<void> {
    if (token) await this.secrets.store(TOKEN_KEY, token);
    else await this.secrets.delete(TOKEN_KEY);
    await this.loadToken();
  }

  /**
   * The shared client for the current deployment (short calls: metrics, models, pickers), or why there is
   * none. It is replaced, and the old one closed, whenever the deployment or a setting changes.
   */
  api(): ApiAccess<ScalarLMClient> {
    if (this.client) return { ok: true, api: this.client };
    const client = this.createClient();
    if (client.ok) this.client = client.api;
    return client;
  }

  /**
   * A client of its own for work that outlives a settings change (a batch run, a chat turn): it keeps the
   * deployment it started with, and its owner closes it when done.
   */
  createClient(): ApiAccess<ScalarLMClient> {
    const problem = this.problem;
    if (problem !== undefined) return { ok: false, reason: problem };
    const checked = checkBaseUrl(this.baseUrl);
    if (checked.ok && checked.note && this.notedUrl !== this.baseUrl) {
      this.notedUrl = this.baseUrl;
      this.log.info(checked.note);
    }
    const client = new ScalarLMClient({
      baseUrl: this.baseUrl,
      headers: this.headers(),
      timeouts: { overallMs: this.settingsNow.requestTimeoutSeconds * 1000 },
      onRequest: (entry: RequestLogEntry) => this.log.request(entry, POLLED.some((path) => entry.path.startsWith(path))),
      baseUrlSetBy: 'the scalarlm.baseUrl setting',
    });
    return { ok: true, api: client };
  }

  /** The headers requests carry, with `placeholder` where the gateway token goes (for code to copy: never the token). */
  headersShown(placeholder: string): Record<string, string> {
    return this.headers(placeholder);
  }

  private headers(shownToken?: string): Record<string, string> {
    const headers = { ...this.settingsNow.headers };
    const token = this.token && (shownToken ?? this.token);
    if (token) {
      const name = this.settingsNow.gatewayTokenHeader;
      headers[name] = name.toLowerCase() === 'authorization' ? `Bearer ${token}` : token;
    }
    return headers;
  }

  private invalidate(): void {
    void this.client?.close();
    this.client = undefined;
    // The views' welcome content and the walkthrough tell "not configured" apart by this key.
    void vscode.commands.executeCommand('setContext', 'scalarlm.configured', this.problem === undefined);
    this.changed.fire();
  }

  dispose(): void {
    void this.client?.close();
    this.client = undefined;
    this.disposables.dispose();
  }
}
