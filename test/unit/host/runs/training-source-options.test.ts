// The outputs Export Training Data… offers: each with what it gives, those that give nothing last with why, and
// one message when nothing in the run can be training data.

import * as assert from 'node:assert/strict';
import type { SourceCount } from '../../../../src/core/experiments/training-sources';
import { nothingToExport, sourceOptions, unusableSource } from '../../../../src/host/runs/training-source-options';

const NO_EQUALS: SourceCount = { from: 'expected', qualifying: 0, of: 5, why: 'no row has an equals assertion or an __expected cell' };
const CITY: SourceCount = { from: 'expected', expectedVar: 'city', qualifying: 5, of: 5 };
const PASSING: SourceCount = { from: 'passing', qualifying: 3, of: 10 };
const NO_REVIEW: SourceCount = { from: 'reviewed', qualifying: 0, of: 10, why: 'no answer of this run is reviewed yet' };

describe("Export Training Data…'s sources of answers", () => {
  it('offers what gives examples first, with counts, and what gives none last, saying why', () => {
    const options = sourceOptions([NO_EQUALS, CITY, PASSING, NO_REVIEW]);
    assert.deepEqual(
      options.map(({ label, description }) => [label, description]),
      [
        ['The values of city', "as each row's answer: 5 of 5 rows have one"],
        ['Passing answers', '3 of 10 answers passed every assertion'],
        ['$(circle-slash) Expected answers', 'none: no row has an equals assertion or an __expected cell'],
        ['$(circle-slash) Reviewed answers', 'none: no answer of this run is reviewed yet'],
      ],
    );
    assert.equal(unusableSource(NO_EQUALS), 'expected answers give nothing to train on here, pick another');
  });

  it('says once why nothing can be training data, and nothing when something can', () => {
    assert.equal(nothingToExport([NO_EQUALS, CITY]), undefined);
    const noPassing: SourceCount = { from: 'passing', qualifying: 0, of: 10, why: 'no answer passed every assertion' };
    assert.equal(nothingToExport([NO_EQUALS, noPassing, NO_REVIEW]), 'Nothing in this run can be training data: expected answers: no row has an equals assertion or an __expected cell; passing answers: no answer passed every assertion; reviewed answers: no answer of this run is reviewed yet.');
  });
});
