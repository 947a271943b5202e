// Numbers, durations, dates and previews as the panels show them. DOM-free.

// en-US on purpose: the rest of the UI is English, and host tests read these strings.
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

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

/** "850 ms", "3.2 s", "2 min 05 s": for one request's time, where milliseconds matter. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${integer.format(ms)} ms`;
  if (ms < 60_000) return `${oneDecimal.format(ms / 1000)} s`;
  return wholeSeconds(ms);
}

/** "12 s", "2 min 05 s": for times that tick once a second. */
export function wholeSeconds(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  if (total < 60) return `${total} s`;
  return `${Math.floor(total / 60)} min ${pad(total % 60)} s`;
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
