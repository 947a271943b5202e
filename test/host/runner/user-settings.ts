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
  // Named, so the workbench does not offer its new default theme in a notification.
  'workbench.colorTheme': 'Default Light Modern',
  // code-server would announce every port a test's simulator listens on as forwarded.
  'remote.autoForwardPorts': false,
  // The test workspace lies inside this repository; git would offer to open it in a notification.
  'git.enabled': false,
};

/**
 * Machine-scoped settings: an extension host on a server (code-server's) reads these from the machine's
 * settings, not the user's.
 */
const MACHINE_SETTINGS = {
  // Every run is a fresh profile, so each would be the extension's first install and open its walkthrough.
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
};

/** VS Code and code-server both read <user-data-dir>/User/settings.json; code-server's server also <user-data-dir>/Machine/settings.json. */
export function writeUserSettings(userDataDir: string, workspaceTrust = false): void {
  const trust = workspaceTrust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : { 'security.workspace.trust.enabled': false };
  writeSettings(join(userDataDir, 'User'), { ...TEST_SETTINGS, ...MACHINE_SETTINGS, ...trust });
  writeSettings(join(userDataDir, 'Machine'), MACHINE_SETTINGS);
}

function writeSettings(dir: string, settings: object): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
