// The differential tier for Prompty: each fixture under test/fixtures/fidelity/prompty/<case>/ is a .prompty
// with, beside it, golden.json: the request Prompty's own runtime would send for it (derived from its
// sources; `why` names the line that decides), or the refusal said instead. `scalarlm-lab render --request`
// must print exactly that request, and say what golden.json says on stderr.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';

const root = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'fidelity', 'prompty');

interface Golden {
  why: string;
  exit: number;
  stderr?: string[];
  request?: Record<string, unknown>;
}

describe('Prompty fidelity: render --request sends what Prompty would', () => {
  const cases = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it('has a case for each behaviour the README table names', () => {
    assert.ok(cases.length >= 12, `only ${cases.length} cases`);
  });

  for (const name of cases) {
    it(name, async () => {
      const golden = JSON.parse(readFileSync(join(root, name, 'golden.json'), 'utf8')) as Golden;
      assert.ok(golden.why.length > 0, 'golden.json says which source line decides');
      const result = await runCli(['render', `${name}/prompt.prompty`, '--request'], { cwd: root });
      for (const line of golden.stderr ?? []) assert.ok(result.stderr.includes(line), `stderr lacks ${JSON.stringify(line)}:\n${result.stderr}`);
      assert.equal(result.code, golden.exit, result.stderr);
      if (golden.request === undefined) assert.equal(result.stdout, '');
      else assert.deepEqual(JSON.parse(result.stdout), golden.request);
    });
  }
});
