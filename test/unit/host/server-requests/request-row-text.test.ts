// How a stored request reads as a row of the Server Requests view.

import assert from 'node:assert/strict';
import { formatBytes, relativeTime, rowDescription, rowDetails, rowLabel, shortRequestId, statusIcon } from '../../../../src/host/server-requests/request-row-text';
import { NOW_MS, requestRow } from './request-row';

const now = NOW_MS / 1000;

describe('server request rows', () => {
  it('describes a row as prompts · status · model · age', () => {
    assert.equal(rowDescription(requestRow(), NOW_MS), '3 prompts · completed · tiny-random/gemma-4-dense · 5 min ago');
    assert.equal(rowDescription(requestRow({ request_count: 1, status: 'in_progress' }), NOW_MS), '1 prompt · in progress · tiny-random/gemma-4-dense · 5 min ago');
  });

  it('puts a multi-line preview on one line, and names an empty one', () => {
    assert.equal(rowLabel(requestRow({ prompt_preview: '  Line one\n\tline two …' })), 'Line one line two …');
    assert.equal(rowLabel(requestRow({ prompt_preview: ' \n ' })), '(empty prompt)');
  });

  it('picks an icon per status', () => {
    assert.equal(statusIcon('completed'), 'check');
    assert.equal(statusIcon('in_progress'), 'sync~spin');
    assert.equal(statusIcon('unknown'), 'question');
    assert.equal(statusIcon('something new'), 'question');
  });

  it('says how long ago, compactly, and never in the future', () => {
    assert.equal(relativeTime(now + 5, NOW_MS), 'just now');
    assert.equal(relativeTime(now - 9, NOW_MS), 'just now');
    assert.equal(relativeTime(now - 42, NOW_MS), '42 s ago');
    assert.equal(relativeTime(now - 3 * 3600 - 10, NOW_MS), '3 h ago');
    assert.equal(relativeTime(now - 12 * 86_400, NOW_MS), '12 d ago');
    assert.equal(relativeTime(now - 40 * 86_400, NOW_MS), '2025-12-06');
  });

  it('gives the tooltip the full id, status, completion, size and type', () => {
    const details = Object.fromEntries(rowDetails(requestRow({ completed_at: null, status: 'unknown' })));
    assert.equal(details.Request, 'ab'.repeat(32));
    assert.equal(details.Status, 'unknown');
    assert.equal(details.Completed, '—');
    assert.equal(details.Size, '1.2 KiB');
    assert.equal(details.Type, 'generate');
  });

  it('shortens ids and sizes', () => {
    assert.equal(shortRequestId('0123456789abcdef'.repeat(4)), '0123456789ab');
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(6 * 1024 * 1024), '6.0 MiB');
  });
});
