// The differential tier for Prompty: each fixture under test/fixtures/fidelity/prompty/<case>/ is a .prompty
// with, beside it, golden.json: the request Prompty's own runtime would send for it (derived from its
// sources; `why` names the line that decides), or the refusal said instead. `scalarlm-lab render --request`
// must print exactly that request, and say what golden.json says on stderr.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';

const repo = join(__dirname, '..', '..', '..', '..');
const root = join(repo, 'test', 'fixtures', 'fidelity', 'prompty');

/** The names in the "Checked by" column of the README's Prompty table. */
function readmeChecks(): string[] {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const table = /<!-- prompty-fidelity:start -->([\s\S]*?)<!-- prompty-fidelity:end -->/.exec(readme)?.[1] ?? '';
  const rows = table.split('\n').filter((line) => line.startsWith('|') && !line.startsWith('|---'));
  return rows.slice(1).flatMap((row) => [...(row.split('|').at(-2) ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

interface Golden {
  why: string;
  exit: number;
  stderr?: string[];
  request?: Record<string, unknown>;
}

describe('Prompty fidelity: render --request sends what Prompty would', () => {
  const cases = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const unitTests = readdirSync(join(repo, 'test', 'unit'), { recursive: true, encoding: 'utf8' }).map((file) => `/${file}`);

  it('has a case for each behaviour the README table names, and the table names each case', () => {
    const checks = readmeChecks();
    assert.ok(checks.length > 0, 'the README has its Prompty table');
    for (const check of checks) {
      if (check.endsWith('.test.ts')) assert.ok(unitTests.some((file) => file.endsWith(`/${check}`)), `the README names a test ${check} that does not exist`);
      else assert.ok(cases.includes(check), `the README names a case ${check} that has no fixture`);
    }
    for (const name of cases) assert.ok(checks.includes(name), `the README's Prompty table does not name the case ${name}`);
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
