// The floors of the house hold in lint: an import up a floor, between features of one floor, past a folder's
// door or closing a circle fails `npm run lint` (scripts/lint/house-rules.mjs), and the house as it is passes.

import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(__dirname, '../../../..');

async function problems(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('house/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the house rules (lint)', function () {
  this.timeout(60_000);

  it('refuses an import up a floor: the ledger importing the batch runner', async () => {
    const found = await problems('src/core/runs/new-file.ts', "import { runBatch } from '../batch/runner';\nexport const x = runBatch;\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /house\/floors: src\/core\/runs \(floor 20\) may not import src\/core\/batch \(floor 30\)/);
  });

  it('refuses a feature importing a sibling feature: experiments wiring from batch', async () => {
    const found = await problems('src/vscode/experiments/new-file.ts', "import { ResultsPanel } from '../batch/results-panel';\nexport const x = ResultsPanel;\n");
    assert.match(found.join('\n'), /house\/floors: src\/vscode\/experiments and src\/vscode\/batch are features on one floor/);
  });

  it('refuses going past a core folder\'s index', async () => {
    const found = await problems('src/core/experiments/new-file.ts', "import { parsePrompty } from '../templates/parse-prompty';\nexport const x = parsePrompty;\n");
    assert.match(found.join('\n'), /house\/doors: src\/core\/templates has an index.ts/);
  });

  it('lets a floor import a lower one, and a folder its own files', async () => {
    assert.deepEqual(await problems('src/core/batch/new-file.ts', "import { LedgerBook } from '../runs/ledger-book';\nimport { sleep } from '../api/sleep';\nexport const x = [LedgerBook, sleep];\n"), []);
  });

  it('finds no import circle and no upward arrow in src/ as it is', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const house = results.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith('house/')).map((m) => `${r.filePath}: ${m.message}`));
    assert.deepEqual(house, []);
  });
});
