// What a scalarlm-lab command loads: only its own code. `generate` starts without the template engines, schema
// validators, YAML and training code that `eval` needs, and the HTTP client without undici's fetch, WebSocket and
// caches. Each case runs in a fresh process (this one has loaded everything), and reads Node's module cache.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../../src/cli/main.js');

/** The packages a fresh process has loaded once `scalarlm-lab ARGS` ran in it (its output thrown away). */
function packagesLoadedBy(args: string[]): { packages: string[]; undici: string[] } {
  const script = `
    const { PassThrough } = require('node:stream');
    const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: process.stdin, env: {}, cwd: process.cwd(), signal: new AbortController().signal };
    require(${JSON.stringify(MAIN)}).main(${JSON.stringify(args)}, io).then(() => {
      const files = Object.keys(require.cache);
      const packages = [...new Set(files.map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(f)?.[1]).filter(Boolean))].sort();
      const undici = files.filter((f) => f.includes('/node_modules/undici/')).map((f) => f.split('/node_modules/undici/')[1]);
      process.stdout.write(JSON.stringify({ packages, undici }));
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { packages: string[]; undici: string[] };
}

describe('scalarlm-lab loads only the command it runs', () => {
  it('starts generate without the template engines, schema validators, YAML, CSV or training code; eval loads them', () => {
    const heavy = ['ajv', 'csv-parse', 'fast-glob', 'mustache', 'nunjucks', 'yaml'];
    const generate = packagesLoadedBy(['generate', '--help']).packages;
    assert.deepEqual(generate.filter((name) => heavy.includes(name)), []);
    const evaluate = packagesLoadedBy(['eval', '--help']).packages;
    assert.deepEqual(heavy.filter((name) => !evaluate.includes(name)), [], 'eval loads what generate leaves out');
  });

  it("sends requests with undici's connection pool, without loading its index (fetch, WebSocket, caches, mocks)", () => {
    // Nothing listens on port 1: the request fails at once, after undici was loaded to make it.
    const { undici } = packagesLoadedBy(['health', '--url', 'http://127.0.0.1:1']);
    assert.ok(undici.includes('lib/dispatcher/pool.js'), undici.join(', '));
    assert.deepEqual(undici.filter((file) => file === 'index.js' || file.startsWith('lib/web/') || file.startsWith('lib/cache/') || file.startsWith('lib/mock/')), []);
  });
});
