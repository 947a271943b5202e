import * as assert from 'node:assert/strict';
import { retryCountdown } from '../../../../src/webview/metrics/retry-countdown';
import { chartSummary, currentValuesText, formatScale, SERIES, seriesTitle } from '../../../../src/webview/metrics/series';

describe('metrics view wording', () => {
  it('reads the current values with grouping and fixed decimals', () => {
    assert.equal(
      currentValuesText({ at: 0, queueDepth: 12, tokensPerSecond: 1234.46, requestsPerSecond: 3.2 }),
      'Queue depth 12 · 1,234.5 tokens/s · 3.20 requests/s',
    );
  });

  it('marks a value the server did not report instead of showing zero', () => {
    assert.equal(currentValuesText({ at: 0, queueDepth: 0 }), 'Queue depth 0 · — tokens/s · — requests/s');
    assert.equal(currentValuesText(undefined), 'No samples yet');
  });

  it('titles the rates by how the server measures them, once a sample has said', () => {
    assert.deepEqual(SERIES.map((series) => seriesTitle(series, 'last-60s')), ['Queue depth', 'Tokens/s (60 s)', 'Requests/s (60 s)']);
    assert.deepEqual(SERIES.map((series) => seriesTitle(series, 'cumulative')), ['Queue depth', 'Tokens/s (cumulative)', 'Requests/s (cumulative)']);
    assert.deepEqual(SERIES.map((series) => seriesTitle(series, undefined)), ['Queue depth', 'Tokens/s', 'Requests/s']);
    const point = { at: 0, queueDepth: 1, tokensPerSecond: 2, requestsPerSecond: 0.5 };
    assert.equal(currentValuesText(point, 'cumulative'), 'Queue depth 1 · 2.0 tokens/s (cumulative) · 0.50 requests/s (cumulative)');
    assert.equal(currentValuesText(point, 'last-60s'), 'Queue depth 1 · 2.0 tokens/s · 0.50 requests/s');
    assert.equal(chartSummary(SERIES[1], [point], 'cumulative'), 'Tokens/s (cumulative), last 10 minutes: latest 2.0, highest 2.0');
  });

  it('labels the top of a scale briefly', () => {
    assert.deepEqual([2500, 250, 0.05, 1_000_000, 1].map(formatScale), ['2.5K', '250', '0.05', '1M', '1']);
  });

  it('summarises a chart for screen readers with its latest and highest value', () => {
    const [queueDepth, tokens] = SERIES;
    const points = [{ at: 0, queueDepth: 40 }, { at: 1, queueDepth: 12 }];
    assert.equal(chartSummary(queueDepth, points), 'Queue depth, last 10 minutes: latest 12, highest 40');
    assert.equal(chartSummary(tokens, points), 'Tokens/s, last 10 minutes: no samples');
  });

  it('counts down to the next retry while unreachable, and says nothing otherwise', () => {
    const unreachable = { kind: 'unreachable' as const, text: 'Unreachable: connection refused', retryAt: 10_000 };
    assert.equal(retryCountdown(unreachable, 2_000), ' Retrying in 8 s.');
    assert.equal(retryCountdown(unreachable, 9_500), ' Retrying in 1 s.');
    assert.equal(retryCountdown(unreachable, 10_000), ' Retrying now.');
    assert.equal(retryCountdown({ kind: 'ok', text: 'Connected to http://127.0.0.1:8000' }, 0), '');
    assert.equal(retryCountdown(undefined, 0), '');
  });
});
