// Plain-text formatting for terminal output.

/** Left-aligned columns separated by two spaces. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

export function formatNumber(value: number | undefined, digits = 1): string {
  if (value === undefined) return '-';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

const SI_PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/** `51649467810.16, 'FLOP/s'` -> `51.6 GFLOP/s`: one decimal, as the status bar writes tokens/s. */
export function formatSi(value: number, unit: string): string {
  let scaled = Math.abs(value);
  let prefix = 0;
  // Rounded before choosing the prefix, so 999.96 k reads 1.0 M rather than 1000.0 k.
  while (Number(scaled.toFixed(1)) >= 1000 && prefix < SI_PREFIXES.length - 1) {
    scaled /= 1000;
    prefix++;
  }
  const digits = prefix === 0 && Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1);
  return `${value < 0 ? '-' : ''}${digits} ${SI_PREFIXES[prefix]}${unit}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.round(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
