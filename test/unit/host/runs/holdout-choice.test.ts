// The editor's held-out rows choice: a fifth of the rows by default, all rows, or another fraction checked by the
// CLI's rule.

import * as assert from 'node:assert/strict';
import { DEFAULT_HOLDOUT, fractionProblem, holdoutOptions } from '../../../../src/host/runs/holdout-choice';

describe('the editor\'s held-out rows choice', () => {
  it('offers a fifth of the rows first, then all rows, then another fraction', () => {
    const options = holdoutOptions(12);
    assert.deepEqual(options.map((o) => o.fraction), [DEFAULT_HOLDOUT, null, 'other']);
    assert.equal(options[0].label, 'Hold out 20% of the rows');
    assert.match(options[0].description, /^about 2 of 12, never trained on/);
  });

  it('takes a fraction between 0 and 1 and says what is wrong with anything else', () => {
    for (const good of ['0.3', ' 0.5 ', '0.001']) assert.equal(fractionProblem(good), undefined, good);
    for (const bad of ['0', '1', '2', '-0.1', 'a fifth', '']) assert.equal(fractionProblem(bad), 'the held-out fraction must be between 0 and 1 (exclusive), such as 0.2', bad);
  });
});
