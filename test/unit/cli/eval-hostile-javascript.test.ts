// `javascript` assertions run in a worker with a deadline for every script: whatever the code does, eval ends
// with a failed assertion and its reason, never a crash, a stack trace or a hang; and the next assertion
// runs as usual.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const HOSTILE: [string, RegExp][] = [
  ["import('node:fs')", /returned a Promise/],
  ["Promise.reject(new Error('unhandled')); false", /^javascript returned false: Promise\.reject\(new Error\('unhandled'\)\); false$/],
  ['({ get pass() { while (true) {} } })', /did not finish within 1000 ms/],
  ['while (true) {}', /did not finish within 1000 ms/],
  ['const kept = []; for (;;) kept.push(new Array(1e6).fill(1.5));', /did not finish within 1000 ms|memory/],
  ['Promise.resolve().then(() => { for (;;) {} }); true', /did not finish within 1000 ms/],
];

interface Judged {
  test: { index: number };
  verdict: { status: string; assertions: { status: string; reason: string }[] };
}

describe('scalarlm-lab eval with hostile javascript assertions', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('fails each with its reason, then judges an ordinary assertion as usual', async function () {
    this.timeout(60_000);
    await withSimulator({}, async (sim) => {
      write('p.txt', 'Say {{ n }}.');
      const tests = [...HOSTILE.map(([code]) => code), 'output.length > 0']
        .map((code, n) => `  - vars: {n: ${n}}\n    assert:\n      - type: javascript\n        value: ${JSON.stringify(code)}\n`)
        .join('');
      const config = write('c.yaml', `prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests:\n${tests}`);
      const output = join(tmp.path, 'cells.jsonl');
      const result = await runCli(['eval', config, '-o', output, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 100, result.stderr);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
      const cells = readFileSync(output, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Judged).sort((a, b) => a.test.index - b.test.index);
      HOSTILE.forEach(([code, reason], i) => {
        const [judged] = cells[i].verdict.assertions;
        assert.equal(judged.status, 'fail', code);
        assert.match(judged.reason, reason, code);
      });
      assert.equal(cells[HOSTILE.length].verdict.status, 'pass');
    });
  });
});
