// Numbers, durations, dates and one-line previews as the panel shows them. DOM-free.

import type { RunHeaderView } from '../../protocol/results';

// en-US on purpose: the rest of the UI is English, and host tests read these strings.
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return integer.format(value);
}

/** "45s", "2m 05s", "1h 02m": seconds stop mattering once a run takes hours. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

export function formatRate(tokensPerSecond: number): string {
  return `${rate.format(tokensPerSecond)} tokens/s`;
}

/** "2025-01-31 14:05", local time; the ISO text as given when it is not a date. */
export function formatCreated(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "llama-3 · max 256 tokens · temperature 0.7 · groups of 16". */
export function formatParameters(header: RunHeaderView): string {
  const parts = [header.model, `max ${formatCount(header.maxTokens)} tokens`];
  if (header.temperature !== undefined) parts.push(`temperature ${header.temperature}`);
  parts.push(`groups of ${formatCount(header.groupSize)}`);
  return parts.join(' · ');
}

/** The first characters that fill a row, on one line. The row's CSS adds the ellipsis. */
export const PREVIEW_CHARS = 240;

/**
 * Text flattened to one line and cut to PREVIEW_CHARS, so a row never holds a 100 kB response. Cuts
 * before flattening, on a generous slice, so a huge text is not scanned whole for every row drawn.
 */
export function oneLinePreview(text: string): string {
  return text.slice(0, PREVIEW_CHARS * 4).replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
