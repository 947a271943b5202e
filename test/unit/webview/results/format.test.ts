import * as assert from 'node:assert/strict';
import type { RunHeaderView } from '../../../../src/protocol/results';
import { formatParameters } from '../../../../src/webview/results/format';
import { formatCount, formatCreated, formatDuration, formatRate, oneLinePreview, PREVIEW_CHARS } from '../../../../src/webview/shared/format';

describe('results webview: formatting', () => {
  it('writes durations in seconds, then minutes, then hours', () => {
    assert.deepEqual([0, 999, 45_000, 65_000, 599_400, 3_723_000, -5].map(formatDuration), ['0s', '1s', '45s', '1m 05s', '9m 59s', '1h 02m', '0s']);
  });

  it('groups thousands and gives rates one decimal', () => {
    assert.equal(formatCount(10_000), '10,000');
    assert.equal(formatRate(1234.56), '1,234.6 tokens/s');
    assert.equal(formatRate(12), '12 tokens/s');
  });

  it('shows the creation time in local time, and odd text as it came', () => {
    const created = new Date(2025, 0, 31, 9, 5);
    assert.equal(formatCreated(created.toISOString()), '2025-01-31 09:05');
    assert.equal(formatCreated('yesterday-ish'), 'yesterday-ish');
  });

  it('lists the run parameters, leaving out an unset temperature', () => {
    const header: RunHeaderView = { runId: 'r', title: 't', model: 'llama', maxTokens: 1024, groupSize: 16, createdAt: '', total: 3 };
    assert.equal(formatParameters(header), 'llama · max 1,024 tokens · groups of 16');
    assert.equal(formatParameters({ ...header, temperature: 0 }), 'llama · max 1,024 tokens · temperature 0 · groups of 16');
  });

  describe('oneLinePreview', () => {
    it('flattens whitespace and line breaks to single spaces', () => {
      assert.equal(oneLinePreview('  Line one\n\n\tline two  '), 'Line one line two');
    });

    it('cuts a long text, so a row never holds a whole response', () => {
      const preview = oneLinePreview('word '.repeat(100_000));
      assert.equal(preview.length, PREVIEW_CHARS);
    });

    it('still fills the preview when the text starts with a lot of whitespace', () => {
      assert.equal(oneLinePreview(`${' '.repeat(PREVIEW_CHARS * 2)}${'x'.repeat(PREVIEW_CHARS)}`).length, PREVIEW_CHARS);
    });
  });
});
