import type { CellCounts, CellView, ColumnView, ComparisonEvidence, ExperimentHeaderView, ExperimentProgressView, RowView } from '../../../../src/protocol/experiments';

/** Column `index` of a 3 prompts × 2 providers matrix: even columns on the base model (batch), odd on an adaptor (chat). */
export function column(index: number, overrides: Partial<ColumnView> = {}): ColumnView {
  const base = index % 2 === 0;
  return {
    index,
    promptLabel: `prompt ${Math.floor(index / 2) + 1}`,
    providerLabel: base ? 'base' : 'adaptor-7',
    model: base ? 'llama-3-8b' : 'adaptor-7',
    transport: base ? 'batch' : 'chat',
    ...overrides,
  };
}

export function columns(count: number): ColumnView[] {
  return Array.from({ length: count }, (_, index) => column(index));
}

export function row(index: number, overrides: Partial<RowView> = {}): RowView {
  return { index, label: `topic=cats, n=${index}`, vars: { topic: 'cats', n: String(index) }, ...overrides };
}

export function cell(rowIndex: number, columnIndex: number, overrides: Partial<CellView> = {}): CellView {
  return { row: rowIndex, column: columnIndex, repeat: 0, status: 'ok', output: `Answer ${rowIndex}/${columnIndex}`, error: null, ...overrides };
}

/** Every cell of a rows × columns × repeat matrix, all ok unless `status` says otherwise. */
export function allCells(rows: number, columnCount: number, repeat = 1, status: (r: number, c: number, k: number) => Partial<CellView> = () => ({})): CellView[] {
  const cells: CellView[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < columnCount; c++) for (let k = 0; k < repeat; k++) cells.push(cell(r, c, { repeat: k, output: `Answer ${r}/${c}/${k}`, ...status(r, c, k) }));
  return cells;
}

export function header(overrides: Partial<ExperimentHeaderView> = {}): ExperimentHeaderView {
  return { runId: 'run-1', title: 'Summaries', sourceLabel: 'promptfooconfig.yaml', createdAt: '2025-01-31T09:05:00Z', columns: columns(6), rowCount: 5, repeat: 1, warnings: [], ...overrides };
}

export function counts(partial: Partial<CellCounts> = {}): CellCounts {
  return { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0, ...partial };
}

export function progress(overrides: Partial<ExperimentProgressView> = {}): ExperimentProgressView {
  return { phase: 'running', counts: counts(), elapsedMs: 0, fetchedCells: 0, sentCells: 0, ...overrides };
}

/** What a model may answer when it is asked to, or tricked into, writing markup. */
export const HOSTILE_OUTPUTS = [
  '<script>window.pwned = 1</script>',
  '<img src=x onerror="window.pwned = 2">',
  '[click me](javascript:window.pwned=3)',
  '[also me](JaVaScRiPt:window.pwned=4) and <a href="javascript:window.pwned=5">raw link</a>',
  '# Title\n\n<div onclick="window.pwned=6">markdown with <b>HTML</b></div>\n\n<iframe src="https://evil.example"></iframe>',
  '<svg onload="window.pwned=7"><circle r="4"/></svg>\n\n![img](https://evil.example/x.png)',
];

/** A comparison's evidence before anything is judged on both sides (as the host sends it then). */
export const noEvidence: ComparisonEvidence = {
  paired: { outcome: 'no-difference', rows: 0, better: 0, worse: 0, pValue: 1, text: 'no difference this data can show (0 rows, none judged differently)', discordant: 'better on 0 rows, worse on 0' },
  sameAnswers: { answered: 0, same: 0, alike: false },
};
