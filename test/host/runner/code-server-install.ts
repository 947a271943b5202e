// Installs code-server from the npm registry alone, once, into .vscode-test/code-server-<version>/.
// Its normal install reaches GitHub (a git dependency, ripgrep's binary) and needs Kerberos headers;
// each step below removes one of those needs. See ../../../../shared/vscode-host-tests.md for the why.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CACHE_DIR } from './paths';
import { exitCodeOf, killGroup, spawnGroup } from './process-group';
import type { RunScope } from './run-scope';

export const CODE_SERVER_VERSION = '4.96.4';
/** The ripgrep binary, from the registry; @vscode/ripgrep would download it from GitHub. */
const RIPGREP_BINARY_PACKAGE = { name: '@vscode/ripgrep-linux-x64', version: '1.18.0' };
/** What code-server 4.96.4's shrinkwrap pins, and the asset that version's postinstall looks for. */
const RIPGREP_CACHE_FILE = join('vscode-ripgrep-cache-1.15.9', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');
const PROXY_AGENT_TARBALL = 'https://registry.npmjs.org/@vscode/proxy-agent/-/proxy-agent-0.27.0.tgz';
/**
 * npm 11.19's install-script policy (`allowScripts`): the packages whose scripts must run, and the Windows-only
 * ones that must not, so a `strict-allow-scripts` configuration does not stop the install.
 */
const TOP_LEVEL_SCRIPTS = { argon2: true, 'code-server': true };
const VSCODE_SCRIPTS = {
  '@parcel/watcher': true,
  '@vscode/deviceid': true,
  '@vscode/ripgrep': true,
  '@vscode/spdlog': true,
  'native-watchdog': true,
  'node-pty': true,
  '@vscode/windows-process-tree': false,
  '@vscode/windows-registry': false,
};

const INSTALL_DIR = join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}`);
const MARKER = join(INSTALL_DIR, `.installed-${CODE_SERVER_VERSION}`);
const PACKAGE_DIR = join(INSTALL_DIR, 'node_modules', 'code-server');
const VSCODE_DIR = join(PACKAGE_DIR, 'lib', 'vscode');
const LOG_FILE = join(INSTALL_DIR, 'install.log');

/** Returns the path of code-server's entry script, installing it first when needed. */
export async function ensureCodeServer(scope: RunScope): Promise<string> {
  const entry = join(PACKAGE_DIR, 'out', 'node', 'entry.js');
  if (existsSync(MARKER) && existsSync(entry)) return entry;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`The offline code-server install supports linux-x64 only (this is ${process.platform}-${process.arch}).`);
  }
  const started = Date.now();
  console.log(`Installing code-server ${CODE_SERVER_VERSION} into ${INSTALL_DIR} (once; about a minute)...`);
  rmSync(INSTALL_DIR, { recursive: true, force: true }); // a half-finished install is not worth repairing
  mkdirSync(INSTALL_DIR, { recursive: true });
  writeJson(join(INSTALL_DIR, 'package.json'), {
    name: 'scalarlm-host-test-code-server',
    private: true,
    dependencies: { 'code-server': CODE_SERVER_VERSION, [RIPGREP_BINARY_PACKAGE.name]: RIPGREP_BINARY_PACKAGE.version },
    allowScripts: TOP_LEVEL_SCRIPTS,
  });
  await npm(scope, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {});
  patchVscodeManifests();
  const tmpDir = seedRipgrepCache();
  await npm(scope, ['rebuild', '--foreground-scripts'], { TMPDIR: tmpDir, npm_config_unsafe_perm: 'true', ...nodeHeaders() });
  writeFileSync(MARKER, `${new Date().toISOString()}\n`);
  console.log(`Installed code-server ${CODE_SERVER_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return entry;
}

/** Point the git-hosted proxy agent at its registry tarball, drop Kerberos, allow the native builds. */
function patchVscodeManifests(): void {
  const manifestPath = join(VSCODE_DIR, 'package.json');
  const manifest = readJson(manifestPath);
  delete manifest.dependencies.kerberos;
  for (const key of Object.keys(manifest.overrides ?? {})) if (key.startsWith('kerberos')) delete manifest.overrides[key];
  manifest.allowScripts = VSCODE_SCRIPTS;
  writeJson(manifestPath, manifest);

  const shrinkwrapPath = join(VSCODE_DIR, 'npm-shrinkwrap.json');
  const shrinkwrap = readJson(shrinkwrapPath);
  const packages = shrinkwrap.packages;
  delete packages[''].dependencies.kerberos;
  delete packages['node_modules/kerberos'];
  const proxyAgent = packages['node_modules/@vscode/proxy-agent'];
  if (!proxyAgent) throw new Error(`${shrinkwrapPath} no longer lists @vscode/proxy-agent: update the install steps.`);
  proxyAgent.resolved = PROXY_AGENT_TARBALL; // same version, same integrity hash as the git commit
  writeJson(shrinkwrapPath, shrinkwrap);
}

/** @vscode/ripgrep's postinstall uses a tarball it finds under $TMPDIR instead of downloading one. */
function seedRipgrepCache(): string {
  const tmpDir = join(INSTALL_DIR, 'tmp');
  const archive = join(tmpDir, RIPGREP_CACHE_FILE);
  mkdirSync(dirname(archive), { recursive: true });
  const binDir = join(INSTALL_DIR, 'node_modules', RIPGREP_BINARY_PACKAGE.name, 'bin');
  const tar = spawnSync('tar', ['-czf', archive, '-C', binDir, 'rg'], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`Could not pack the ripgrep binary from ${binDir}: ${tar.stderr}`);
  return tmpDir;
}

/** node-gyp downloads Node's headers unless it is told where the running Node keeps them. */
function nodeHeaders(): NodeJS.ProcessEnv {
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? { npm_config_nodedir: prefix } : {};
}

async function npm(scope: RunScope, args: string[], extraEnv: NodeJS.ProcessEnv): Promise<void> {
  const log = openSync(LOG_FILE, 'a');
  const child = spawnGroup('npm', args, { cwd: INSTALL_DIR, env: { ...withoutNpmLifecycle(process.env), ...extraEnv }, stdio: ['ignore', log, log] });
  closeSync(log); // the child holds its own copy
  const stop = scope.defer(() => killGroup(child));
  const code = await exitCodeOf(child);
  stop();
  if (code !== 0) {
    const tail = readFileSync(LOG_FILE, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`npm ${args.join(' ')} failed with exit code ${code} in ${INSTALL_DIR}. Last lines of ${LOG_FILE}:\n${tail}`);
  }
}

/**
 * Under `npm run`, npm exports lower-case npm_* variables describing the outer project (npm_config_local_prefix,
 * npm_package_*...); the inner npm must not see them. Upper-case NPM_CONFIG_* set by the user (a registry
 * mirror, say) stay.
 */
function withoutNpmLifecycle(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('npm_') && key !== 'INIT_CWD'));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign manifests, patched by key
function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
