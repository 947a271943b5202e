// A list_requests row for tests, five minutes old at NOW_MS.

import type { RequestRow } from '../../../../src/core/api/types';

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;

export function requestRow(over: Partial<RequestRow> = {}): RequestRow {
  return {
    request_id: 'ab'.repeat(32),
    mtime: now - 300,
    size_bytes: 1248,
    request_count: 3,
    status: 'completed',
    completed_at: now - 299,
    model: 'tiny-random/gemma-4-dense',
    request_type: 'generate',
    prompt_preview: 'Summarise this',
    has_response: true,
    ...over,
  };
}
