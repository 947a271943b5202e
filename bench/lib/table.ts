// Prints benchmark figures as an aligned table.

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? format(cell) : cell)))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  console.log(`\n${title}`);
  for (const row of cells) console.log('  ' + row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}

function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3);
}
