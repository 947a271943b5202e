import * as assert from 'node:assert/strict';
import type { ExperimentHeader } from '../../../../src/core/runs/ledger-schema';
import { adaptorBesideBase } from '../../../../src/host/experiments/adaptor-columns';

const column = (promptKey: string, model: string | undefined): ExperimentHeader['columns'][number] => ({ promptKey, promptLabel: promptKey, providerKey: model ?? 'base', providerLabel: model ?? 'base', ...(model ? { model } : {}), transport: 'batch', maxTokens: 16 });

describe('Compare with Base: which columns', () => {
  it("puts the adaptor's column beside the first column of the same prompt on another model", () => {
    assert.deepEqual(adaptorBesideBase([column('a', 'llama'), column('a', 'tuned')], 'tuned'), { base: 0, other: 1 });
    assert.deepEqual(adaptorBesideBase([column('a', 'llama'), column('b', 'llama'), column('a', 'tuned'), column('b', 'tuned')], 'tuned'), { base: 0, other: 2 }, "the first prompt the adaptor answers");
    assert.deepEqual(adaptorBesideBase([column('a', undefined), column('a', 'tuned')], 'tuned'), { base: 0, other: 1 }, "the deployment's default model");
  });

  it('finds none without the adaptor, or without another column of its prompt', () => {
    assert.equal(adaptorBesideBase([column('a', 'llama')], 'tuned'), undefined);
    assert.equal(adaptorBesideBase([column('a', 'llama'), column('b', 'tuned')], 'tuned'), undefined);
  });
});
