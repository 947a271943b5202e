// Installs code-server from the npm registry alone, once, into .vscode-test/code-server-<version>/.
// Its normal install reaches GitHub (a git dependency, ripgrep's binary) and needs Kerberos headers;
// each step below removes one of those needs, so the install works where only the registry is reachable.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CACHE_DIR } from './paths';
import { exitCodeOf, killGroup, spawnGroup } from './process-group';
import type { RunScope } from './run-scope';

export const CODE_SERVER_VERSION = '4.96.4';
/** The ripgrep binary, from the registry; @vscode/ripgrep would download it from GitHub. */
const RIPGREP_BINARY_PACKAGE = { name: '@vscode/ripgrep-linux-x64', version: '1.18.0' };
/** What code-server 4.96.4's shrinkwrap pins, and the asset that version's postinstall looks for. */
const RIPGREP_CACHE_FILE = join('vscode-ripgrep-cache-1.15.9', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');
/** The proxy agent's tarball on the registry npm is configured with (no registry's host is named here). */
const PROXY_AGENT_TARBALL_PATH = '@vscode/proxy-agent/-/proxy-agent-0.27.0.tgz';
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
/** The built-in extensions' install omits dev dependencies, but the policy check still sees these two. */
const EXTENSIONS_SCRIPTS = { '@parcel/watcher': false, esbuild: false };

const INSTALL_DIR = join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}`);
const MARKER_NAME = `.installed-${CODE_SERVER_VERSION}`;
const ENTRY = join(INSTALL_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** Returns the path of code-server's entry script, installing it first when needed. */
export async function ensureCodeServer(scope: RunScope): Promise<string> {
  if (existsSync(join(INSTALL_DIR, MARKER_NAME))) return ENTRY;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`The offline code-server install supports linux-x64 only (this is ${process.platform}-${process.arch}).`);
  }
  const started = Date.now();
  console.log(`Installing code-server ${CODE_SERVER_VERSION} into ${INSTALL_DIR} (once; under a minute)...`);
  // Built beside the final folder and renamed into place when complete: an interrupted install leaves
  // nothing that looks usable, and two runs installing at once cannot mix their files.
  const partial = `${INSTALL_DIR}.partial-${process.pid}`;
  const forget = scope.defer(() => rmSync(partial, { recursive: true, force: true }));
  await install(scope, partial);
  const marker = join(INSTALL_DIR, MARKER_NAME);
  if (!existsSync(marker)) {
    rmSync(INSTALL_DIR, { recursive: true, force: true }); // an unfinished install, from before installs were renamed into place
    try {
      renameSync(partial, INSTALL_DIR);
    } catch (error) {
      if (!existsSync(marker)) throw error;
    }
  }
  rmSync(partial, { recursive: true, force: true }); // left over when another run finished first
  forget();
  console.log(`Installed code-server ${CODE_SERVER_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return ENTRY;
}

async function install(scope: RunScope, dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeJson(join(dir, 'package.json'), {
    name: 'scalarlm-host-test-code-server',
    private: true,
    dependencies: { 'code-server': CODE_SERVER_VERSION, [RIPGREP_BINARY_PACKAGE.name]: RIPGREP_BINARY_PACKAGE.version },
    allowScripts: TOP_LEVEL_SCRIPTS,
  });
  await npm(scope, dir, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {});
  patchVscodeManifests(join(dir, 'node_modules', 'code-server', 'lib', 'vscode'));
  const tmpDir = seedRipgrepCache(dir);
  await npm(scope, dir, ['rebuild', '--foreground-scripts'], { TMPDIR: tmpDir, npm_config_unsafe_perm: 'true', ...nodeHeaders() });
  writeFileSync(join(dir, MARKER_NAME), `${new Date().toISOString()}\n`);
}

/** Point the git-hosted proxy agent at its registry tarball, drop Kerberos, allow the native builds. */
function patchVscodeManifests(vscodeDir: string): void {
  const manifestPath = join(vscodeDir, 'package.json');
  const manifest = readJson(manifestPath);
  delete manifest.dependencies.kerberos;
  for (const key of Object.keys(manifest.overrides ?? {})) if (key.startsWith('kerberos')) delete manifest.overrides[key];
  manifest.allowScripts = VSCODE_SCRIPTS;
  writeJson(manifestPath, manifest);

  const extensionsManifestPath = join(vscodeDir, 'extensions', 'package.json');
  writeJson(extensionsManifestPath, { ...readJson(extensionsManifestPath), allowScripts: EXTENSIONS_SCRIPTS });

  const shrinkwrapPath = join(vscodeDir, 'npm-shrinkwrap.json');
  const shrinkwrap = readJson(shrinkwrapPath);
  const packages = shrinkwrap.packages;
  delete packages[''].dependencies.kerberos;
  delete packages['node_modules/kerberos'];
  const proxyAgent = packages['node_modules/@vscode/proxy-agent'];
  if (!proxyAgent) throw new Error(`${shrinkwrapPath} no longer lists @vscode/proxy-agent: update the install steps.`);
  proxyAgent.resolved = `${npmRegistry()}${PROXY_AGENT_TARBALL_PATH}`; // same version, same integrity hash as the git commit
  writeJson(shrinkwrapPath, shrinkwrap);
}

/** The registry npm installs from (`npm config get registry`), ending in "/". */
function npmRegistry(): string {
  const asked = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
  const registry = asked.status === 0 ? asked.stdout.trim() : '';
  if (!/^https?:\/\//.test(registry)) throw new Error(`npm config get registry gave no registry URL: ${asked.stderr || registry}`);
  return registry.endsWith('/') ? registry : `${registry}/`;
}

/** @vscode/ripgrep's postinstall uses a tarball it finds under $TMPDIR instead of downloading one. */
function seedRipgrepCache(dir: string): string {
  const tmpDir = join(dir, 'tmp');
  const archive = join(tmpDir, RIPGREP_CACHE_FILE);
  mkdirSync(dirname(archive), { recursive: true });
  const binDir = join(dir, 'node_modules', RIPGREP_BINARY_PACKAGE.name, 'bin');
  const tar = spawnSync('tar', ['-czf', archive, '-C', binDir, 'rg'], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`Could not pack the ripgrep binary from ${binDir}: ${tar.stderr}`);
  return tmpDir;
}

/** node-gyp downloads Node's headers unless it is told where the running Node keeps them. */
function nodeHeaders(): NodeJS.ProcessEnv {
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? { npm_config_nodedir: prefix } : {};
}

async function npm(scope: RunScope, dir: string, args: string[], extraEnv: NodeJS.ProcessEnv): Promise<void> {
  const logFile = join(dir, 'install.log');
  const log = openSync(logFile, 'a');
  const child = spawnGroup('npm', args, { cwd: dir, env: { ...withoutNpmLifecycle(process.env), ...extraEnv }, stdio: ['ignore', log, log] });
  closeSync(log); // the child holds its own copy
  const forget = scope.defer(() => killGroup(child));
  const code = await exitCodeOf(child);
  forget();
  if (code !== 0) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`npm ${args.join(' ')} failed with exit code ${code} in ${dir}:\n${tail}`);
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
