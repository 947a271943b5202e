// "ScalarLM: Start Local Simulator": the bundled simulator (dist/sim.js) in a child process, never inside
// the extension host. It keeps its state in the extension's storage and listens on a stable port (see
// simulator-ports.ts), so a window reload (which stops it) brings it back on the same URL with the runs it
// was serving, and that URL can be saved in settings.

import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import * as vscode from 'vscode';
import { candidatePorts, firstFreePort, isStablePort, loopbackPort, portHolder, SIMULATOR_HOST, type PortHolder } from '../../host/simulator/simulator-ports';
import type { ExtensionLog } from '../log';
import { currentSettings } from '../settings';

const START_TIMEOUT_MS = 15_000;
const LAST_PORT_KEY = 'scalarlm.simulator.lastPort';
const RUNNING_KEY = 'scalarlm.simulator.running';

/** The port of scalarlm.baseUrl is held: by a simulator or another ScalarLM already (use it), or by something else. */
export class PortTakenError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly port: number,
    readonly holder: Exclude<PortHolder, 'free'>,
  ) {
    super(`Port ${port} of scalarlm.baseUrl (${baseUrl}) is taken by ${holder === 'other' ? 'a program that is not a ScalarLM simulator' : `a ScalarLM ${holder === 'simulator' ? 'simulator' : 'deployment'} already`}.`);
  }
}

export class SimulatorLauncher implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private current: string | undefined;
  private readonly changed = new vscode.EventEmitter<string | undefined>();

  /** Fires with the simulator's URL when it starts, and undefined when it stops. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: ExtensionLog,
  ) {}

  get url(): string | undefined {
    return this.current;
  }

  /** Whether the simulator ran for this workspace when the window last closed or reloaded. */
  get wasRunning(): boolean {
    return this.context.workspaceState.get<boolean>(RUNNING_KEY, false);
  }

  /**
   * Starts the simulator on the port of a loopback scalarlm.baseUrl when that port is free. When it is taken,
   * a PortTakenError says by what, unless `elsewhere`: then the port of scalarlm.baseUrl is passed over.
   */
  async start(options: { elsewhere?: boolean } = {}): Promise<string> {
    if (this.current) return this.current;
    const stateDir = vscode.Uri.joinPath(this.context.globalStorageUri, 'simulator').fsPath;
    mkdirSync(stateDir, { recursive: true });
    // The port of the URL the user set (where this window looks), else the last port; a port that was not a
    // stable one is kept only to bring a running simulator back after a reload.
    const saved = options.elsewhere ? undefined : loopbackPort(currentSettings().baseUrl);
    if (saved !== undefined) {
      const holder = await portHolder(saved);
      if (holder !== 'free') throw new PortTakenError(currentSettings().baseUrl, saved, holder);
    }
    const lastPort = this.context.workspaceState.get<number>(LAST_PORT_KEY);
    const keepLast = lastPort !== undefined && (isStablePort(lastPort) || this.wasRunning) ? lastPort : undefined;
    const port = (await firstFreePort(candidatePorts([saved, keepLast]))) ?? 0;
    let url: string;
    try {
      url = await this.launch(stateDir, port);
    } catch (error) {
      if (port === 0) throw error;
      // Taken between the check and the launch: any free port will do.
      url = await this.launch(stateDir, 0);
    }
    this.current = url;
    await this.context.workspaceState.update(LAST_PORT_KEY, Number(new URL(url).port));
    await this.context.workspaceState.update(RUNNING_KEY, true);
    await vscode.commands.executeCommand('setContext', 'scalarlm.simulatorRunning', true);
    this.changed.fire(url);
    return url;
  }

  /** After a window reload: back on its port, or on another when that is held (the old one still stopping). */
  async restore(): Promise<string> {
    try {
      return await this.start();
    } catch (error) {
      if (!(error instanceof PortTakenError)) throw error;
      return this.start({ elsewhere: true });
    }
  }

  async stop(): Promise<void> {
    await this.context.workspaceState.update(RUNNING_KEY, false);
    this.kill();
  }

  private launch(stateDir: string, port: number): Promise<string> {
    const script = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'sim.js').fsPath;
    const child = fork(script, ['--port', String(port), '--host', SIMULATOR_HOST, '--state-dir', stateDir], {
      // In desktop VS Code the extension host runs on Electron: make the child a plain Node process.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => this.log.channel.debug(`[simulator] ${line}`));
    child.on('exit', (code, signal) => this.exited(child, code, signal));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`The simulator did not start within ${START_TIMEOUT_MS / 1000} s.`)), START_TIMEOUT_MS);
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      const fail = (error: Error) => {
        clearTimeout(timer);
        lines.close();
        child.kill();
        reject(error);
      };
      lines.on('line', (line) => {
        const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
        if (!url) return;
        clearTimeout(timer);
        this.log.info(`Local simulator listening on ${url} (state in ${stateDir}).`);
        resolve(url);
      });
      child.once('exit', (code) => fail(new Error(`The simulator exited with code ${code} before it was listening (port ${port} taken?). See the log.`)));
    });
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child) return;
    this.child = undefined;
    if (!this.current) return;
    this.log.info(`Local simulator stopped (${signal ?? `exit code ${code}`}).`);
    this.current = undefined;
    void vscode.commands.executeCommand('setContext', 'scalarlm.simulatorRunning', false);
    this.changed.fire(undefined);
  }

  private kill(): void {
    this.child?.kill('SIGTERM');
  }

  dispose(): void {
    this.kill();
    this.changed.dispose();
  }
}
