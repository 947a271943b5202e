// Figures only a real extension host can give, written for the benchmarks (bench/extension-figures.ts).

import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ActivationInfo } from '../../../../src/extension';
import { extensionUnderTest, REPO_ROOT } from '../helpers/extension';

describe('figures: measured in the host', () => {
  it('records how long activation took', async () => {
    const info = (await extensionUnderTest().activate()) as ActivationInfo;
    assert.ok(Number.isFinite(info.activateMs) && info.activateMs > 0, `activateMs: ${info.activateMs}`);
    const dir = join(REPO_ROOT, 'test-results', 'figures');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'activation.json'), JSON.stringify(info));
  });
});
