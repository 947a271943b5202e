import * as assert from 'node:assert/strict';
import { ratePercent, canonicalJson, fingerprint, holdoutSplit, HoldoutError, isFlaky, mcnemarP, pairedTest, pairedText, passRate, passRateText, sampleChange } from '../../../../src/core/evidence';

const close = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) < 5e-5, `${actual} is not ${expected}`);

describe('evidence: pass rates with their Wilson interval', () => {
  it('gives the interval statsmodels gives (proportion_confint, method="wilson")', () => {
    const rate = passRate(3, 5);
    close(rate.rate, 0.6);
    close(rate.low, 0.230724);
    close(rate.high, 0.882357);
    close(passRate(0, 6).high, 0.390334);
    assert.equal(passRate(0, 6).low, 0);
    close(passRate(10, 10).low, 0.722467);
    assert.equal(passRate(10, 10).high, 1);
  });

  it('reads "3/5 (60%, 23-88%)", and says when nothing was judged', () => {
    assert.equal(passRateText(passRate(3, 5)), '3/5 (60%, 23-88%)');
    assert.equal(passRateText(passRate(0, 0)), 'nothing judged');
    assert.deepEqual(passRate(0, 0), { passed: 0, judged: 0, rate: null, low: null, high: null });
    assert.equal(passRateText(passRate(1999, 2000)), '1,999/2,000 (99%, 99-100%)');
    assert.equal(passRateText(passRate(10, 12)), '10/12 (83%, 55-95%)');
  });

  it('rounds the rate, but never to 100% with a failure nor to 0% with a pass', () => {
    assert.equal(ratePercent(10, 12), '83%');
    assert.equal(ratePercent(1, 8), '13%');
    assert.equal(ratePercent(3, 8), '38%');
    assert.equal(ratePercent(12, 12), '100%');
    assert.equal(ratePercent(0, 12), '0%');
    assert.equal(ratePercent(999, 1000), '99%');
    assert.equal(ratePercent(1, 1000), '1%');
    assert.equal(ratePercent(0, 0), '—');
  });
});

describe('evidence: the exact McNemar test', () => {
  it('gives the binomial test on the discordant rows (statsmodels mcnemar, exact=True)', () => {
    assert.equal(mcnemarP(0, 3), 0.25);
    close(mcnemarP(1, 9), 0.021484);
    assert.equal(mcnemarP(0, 0), 1);
    assert.equal(mcnemarP(4, 4), 1);
  });

  it('calls a difference beyond noise only below 0.05, and which way it went', () => {
    assert.equal(pairedTest(20, 1, 9).outcome, 'better');
    assert.equal(pairedTest(20, 9, 1).outcome, 'worse');
    const small = pairedTest(6, 0, 3);
    assert.equal(small.outcome, 'no-difference');
    assert.equal(small.pValue, 0.25);
    // At the same rates (half the rows better, none worse), 11 rows give 6 better: p = 2/64.
    assert.equal(small.rowsNeeded, 11);
    assert.equal(pairedText(small), 'no difference this data can show (6 rows; about 11 would be needed to see a change of this size; p = 0.25)');
    assert.equal(pairedText(pairedTest(20, 1, 9)), 'better beyond noise (p = 0.021, exact McNemar over 20 rows)');
    assert.equal(pairedText(pairedTest(5, 0, 0)), 'no difference this data can show (5 rows, none judged differently)');
    assert.equal(pairedTest(8, 2, 2).rowsNeeded, null);
  });
});

describe('evidence: repeated samples', () => {
  it('keeps the plain rule for one sample a side', () => {
    assert.equal(sampleChange({ passed: 1, judged: 1 }, { passed: 0, judged: 1 }), 'regressed');
    assert.equal(sampleChange({ passed: 0, judged: 1 }, { passed: 1, judged: 1 }), 'improved');
    assert.equal(sampleChange({ passed: 1, judged: 1 }, { passed: 1, judged: 1 }), 'same');
    assert.equal(sampleChange({ passed: 1, judged: 1 }, { passed: 0, judged: 0 }), 'unjudged');
  });

  it('regresses a repeated row only when its passes fall beyond chance (Fisher, one-sided, p <= 0.05)', () => {
    // scipy.stats.fisher_exact([[3, 0], [0, 3]], alternative="greater") = 0.05
    assert.equal(sampleChange({ passed: 3, judged: 3 }, { passed: 0, judged: 3 }), 'regressed');
    assert.equal(sampleChange({ passed: 3, judged: 3 }, { passed: 2, judged: 3 }), 'fewer-passes');
    assert.equal(sampleChange({ passed: 3, judged: 3 }, { passed: 1, judged: 3 }), 'fewer-passes');
    assert.equal(sampleChange({ passed: 5, judged: 5 }, { passed: 1, judged: 5 }), 'regressed');
    assert.equal(sampleChange({ passed: 0, judged: 5 }, { passed: 4, judged: 5 }), 'improved');
    assert.equal(sampleChange({ passed: 1, judged: 3 }, { passed: 2, judged: 3 }), 'more-passes');
  });

  it('marks a row flaky when its samples disagree', () => {
    assert.equal(isFlaky({ passed: 2, judged: 3 }), true);
    assert.equal(isFlaky({ passed: 3, judged: 3 }), false);
    assert.equal(isFlaky({ passed: 0, judged: 3 }), false);
    assert.equal(isFlaky({ passed: 1, judged: 1 }), false);
  });
});

describe('evidence: fingerprints and the held-out pick', () => {
  it('names a value by its content, whatever the order of its keys', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } }), '{"a":{"d":[1,{"e":3,"f":2}]},"b":1}');
    assert.equal(fingerprint({ a: 1, b: 2 }), fingerprint({ b: 2, a: 1 }));
    assert.notEqual(fingerprint({ a: 1 }), fingerprint({ a: '1' }));
    assert.match(fingerprint('x'), /^[0-9a-f]{16}$/);
  });

  it('holds out the same rows for the same keys and seed, the fraction rounded, a row on each side', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const split = holdoutSplit(keys, 0.5, 7);
    assert.equal(split.heldOut.length, 3);
    assert.deepEqual([...split.heldOut, ...split.trained].sort(), keys);
    assert.deepEqual(holdoutSplit([...keys].reverse(), 0.5, 7).heldOut.sort(), [...split.heldOut].sort());
    const picks = new Set([1, 2, 3, 4, 5].map((seed) => holdoutSplit(keys, 0.5, seed).heldOut.join()));
    assert.ok(picks.size > 1, 'other seeds pick other rows');
    assert.equal(holdoutSplit(['a', 'b'], 0.01).heldOut.length, 1);
    assert.equal(holdoutSplit(['a', 'b'], 0.99).trained.length, 1);
    // Adding rows keeps each row's side where the count allows: the pick is by each key's own rank.
    const more = holdoutSplit([...keys, 'g', 'h'], 0.5, 7);
    assert.ok(split.heldOut.filter((key) => more.heldOut.includes(key)).length >= 2);
  });

  it('refuses a fraction outside (0, 1) and a seed that is not whole', () => {
    for (const bad of [0, 1, -0.5, 1.5, Number.NaN]) assert.throws(() => holdoutSplit(['a'], bad), HoldoutError);
    assert.throws(() => holdoutSplit(['a', 'b'], 0.5, 1.5), /whole number/);
  });
});
