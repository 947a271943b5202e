// The extension under test, as the host sees it: the repository's build (dev mode) or an installed .vsix.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { HOST_ENV, type HostMode } from './host-env';

/** The repository root, from out/test/host/suite/helpers/. */
export const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string };

/** `<publisher>.<name>`, as VS Code identifies the extension. */
export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

export function hostMode(): HostMode {
  const mode = process.env[HOST_ENV.mode];
  if (mode !== 'dev' && mode !== 'vsix') throw new Error(`${HOST_ENV.mode} is "${mode}": start the suite with a host-test runner.`);
  return mode;
}

export function extensionUnderTest(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`The extension ${EXTENSION_ID} is not installed in this extension host.`);
  return extension;
}
