// A simulator for a whole suite of host tests: started once with the suite's flags and settings pointing at
// it, every editor and notification closed after each test (and the suite's panel seen gone, since a closed
// panel's page lingers a moment and the next test must not read it), settings reset at the end.

import * as vscode from 'vscode';
import { webviewQuery } from './page';
import { resetSettings, setSettings } from './settings';
import { EXAMPLE_JOBS, startSimulatorProcess, type SimulatorProcess } from './simulator';
import { waitFor } from './wait';

export interface SuiteSimulator {
  /** The simulator's flags. */
  args: string[];
  /**
   * Start with the simulator's example jobs (--example-jobs): three trained adaptors, sha256("test") first, and a
   * failed job. Without it the simulator has none, as a real deployment.
   */
  exampleJobs?: boolean;
  /** Settings besides `baseUrl` (which points at the simulator). */
  settings: Record<string, unknown>;
  /** Text the suite's panel shows, and its name for the wait's message. */
  panel: { contains: string; name: string };
}

export function useSuiteSimulator({ args, exampleJobs, settings, panel }: SuiteSimulator): { readonly sim: SimulatorProcess } {
  const holder = {} as { sim: SimulatorProcess };
  before(async () => {
    holder.sim = await startSimulatorProcess(exampleJobs ? [...args, EXAMPLE_JOBS] : args);
    await setSettings({ baseUrl: holder.sim.url, ...settings });
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await waitFor(async () => (await webviewQuery(panel.contains, 'main')) === undefined, { timeoutMs: 10_000, what: `the ${panel.name} to close` });
  });
  after(async () => {
    await resetSettings();
    await holder.sim.stop();
  });
  return holder;
}
