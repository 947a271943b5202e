// How one stored request (a list_requests row) reads in the Server Requests view: label, description,
// tooltip fields and icon, as plain data. No 'vscode' import, so the wording is unit-tested on Node.

import type { RequestRow } from '../../core/api/types';

/** Enough of a 64-hex group id to tell requests apart at a glance, as the CLI prints it. */
const SHORT_ID_CHARS = 12;

export type StatusIcon = 'check' | 'sync~spin' | 'question';

export function shortRequestId(requestId: string): string {
  return requestId.slice(0, SHORT_ID_CHARS);
}

/** The prompt preview on one line: a tree row cannot show line breaks, and the server keeps them. */
export function rowLabel(row: RequestRow): string {
  return row.prompt_preview.replace(/\s+/g, ' ').trim() || '(empty prompt)';
}

/** "3 prompts · completed · <model> · 5 min ago" */
export function rowDescription(row: RequestRow, nowMs: number): string {
  const prompts = `${row.request_count} ${row.request_count === 1 ? 'prompt' : 'prompts'}`;
  return [prompts, statusText(row.status), row.model, relativeTime(row.mtime, nowMs)].join(' · ');
}

/** Name and value pairs for the tooltip; values are server text, so the caller escapes them. */
export function rowDetails(row: RequestRow): [string, string][] {
  return [
    ['Request', row.request_id],
    ['Status', statusText(row.status)],
    ['Completed', row.completed_at === null ? '—' : new Date(row.completed_at * 1000).toLocaleString()],
    ['Size', formatBytes(row.size_bytes)],
    ['Type', row.request_type],
    ['Model', row.model],
  ];
}

export function statusIcon(status: string): StatusIcon {
  if (status === 'completed') return 'check';
  if (status === 'in_progress') return 'sync~spin';
  return 'question';
}

function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Compact, for a tree row: "just now", "42 s ago", "5 min ago", "3 h ago", "12 d ago", then the date. */
export function relativeTime(epochSeconds: number, nowMs: number): string {
  // A deployment's clock may run a little ahead of this machine's: a time in the future is "just now".
  const seconds = Math.max(0, Math.floor(nowMs / 1000 - epochSeconds));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
