// Checks for reading back a page's saved webview state: whatever an earlier version of the page stored
// (or nothing), so each field is kept only when it still has the right shape. DOM-free.

/** How a detail pane shows model output: as plain text, or as sanitized markdown. */
export type OutputFormat = 'raw' | 'rendered';

export function isOutputFormat(value: unknown): value is OutputFormat {
  return value === 'raw' || value === 'rendered';
}

export function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function isNonNegativeInteger(value: unknown): value is number {
  return isNonNegativeNumber(value) && Number.isInteger(value);
}
