// The user settings of every test run, written into the run's fresh user-data-dir: nothing on screen that a
// test did not ask for, and nothing that reaches the network. Workspace trust is off, except in the
// untrusted pass: there it is on, and the fresh profile trusts no folder, so the workspace opens in
// Restricted Mode (without the modal that would ask whether to trust it).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEST_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'window.restoreWindows': 'none',
  // The test workspace lies inside this repository; git would offer to open it in a notification.
  'git.enabled': false,
};

/** VS Code and code-server both read <user-data-dir>/User/settings.json. */
export function writeUserSettings(userDataDir: string, workspaceTrust = false): void {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  const trust = workspaceTrust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : { 'security.workspace.trust.enabled': false };
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify({ ...TEST_SETTINGS, ...trust }, null, 2)}\n`);
}
