// The experiment panel's sentences: actions, the header's summary and stats lines, column and row
// labels. DOM-free.

import type { BaselineView, CellChange, CellCounts, ColumnView, ComparisonView, ExperimentAction, ExperimentHeaderView, ExperimentPhase, ExperimentProgressView, JudgedRowsView } from '../../protocol/experiments';
import type { Transport } from '../../protocol/transport';
import { formatCount, formatDuration } from '../shared/format';
import { PHASE_LABELS, resumeLabel, type ToolbarButtonState } from '../shared/run-wording';

/** The comparison bar's actions: Stop comparing, and which rows of an adaptor's column are judged. */
export type ComparisonBarAction = Extract<ExperimentAction, 'clearComparison' | 'judgeEveryRow' | 'judgeHeldOutRows'>;

/** The toolbar's actions: all but the comparison bar's (its buttons sit beside the counts they change). */
export type ToolbarAction = Exclude<ExperimentAction, ComparisonBarAction>;

/** The toolbar's actions, in its "More actions" menu's order. */
export const EXPERIMENT_TOOLBAR: readonly ToolbarAction[] = ['rerunErrors', 'resume', 'cancel', 'compareWith', 'compareColumns', 'setBaseline', 'clearBaseline', 'saveBaselineFile', 'exportJsonl', 'exportCsv', 'exportHtml', 'exportTraining', 'openLedger', 'openSource'];

/** The actions in the toolbar's row while they fit, left to right: the run's own and comparing; the rest are in its menu. */
export const EXPERIMENT_ROW: readonly ToolbarAction[] = ['rerunErrors', 'resume', 'cancel', 'compareWith', 'compareColumns'];

/** What the toolbar knows beyond the run's phase and counts: what is compared, how many columns, the experiment's baseline. */
export interface ToolbarContext {
  comparing?: ComparisonView['kind'];
  columns?: number;
  /** How the experiment's baseline stands; absent when it has none. */
  baseline?: BaselineView['state'];
}

/** Each action's label and whether it applies now. */
export function toolbarButtons(phase: ExperimentPhase, counts: CellCounts, context: ToolbarContext = {}): Record<ToolbarAction, ToolbarButtonState> {
  const running = phase === 'running';
  const { comparing } = context;
  return {
    rerunErrors: { label: `Rerun errors (${formatCount(counts.error)})`, enabled: counts.error > 0 },
    // While the run goes it covers these itself; once it stopped, a resume polls what is pending and sends
    // what never went out.
    resume: { label: resumeLabel({ pending: counts.pending, unsent: counts.unsent }), enabled: !running && counts.pending + counts.unsent > 0 },
    cancel: { label: 'Cancel', enabled: running },
    compareWith: { label: comparing === 'run' ? 'Compare with another…' : 'Compare with…', enabled: true },
    compareColumns: { label: comparing === 'columns' ? 'Compare other columns…' : 'Compare columns…', enabled: (context.columns ?? 0) >= 2 },
    // A baseline is a finished run: one still going has rows yet to come.
    setBaseline: context.baseline === 'this-run' ? { label: 'This run is the baseline', enabled: false } : { label: 'Set as Baseline', enabled: !running },
    clearBaseline: { label: 'Clear Baseline', enabled: context.baseline !== undefined },
    saveBaselineFile: { label: 'Save Baseline File…', enabled: !running },
    exportJsonl: { label: 'Export JSONL', enabled: true },
    exportCsv: { label: 'Export CSV', enabled: true },
    exportHtml: { label: 'Export HTML report', enabled: true },
    exportTraining: { label: 'Export Training Data…', enabled: counts.ok > 0 },
    openLedger: { label: 'Open ledger', enabled: true },
    openSource: { label: 'Open experiment file', enabled: true },
  };
}

export const TRANSPORTS: Record<Transport, { label: string; description: string }> = {
  batch: { label: 'batch', description: "Through the batch queue (/v1/generate): greedy decoding, grouped by model and max tokens, ledgered and resumable." },
  chat: { label: 'chat', description: "Through the queue-backed chat path (/v1/chat/completions): sampling settings are honoured." },
};

/** "6 columns: 3 prompts × 2 providers · 1,000 rows · 12,000 cells (each repeated 2 times) · 4 batch, 2 chat". */
export function columnsSummary(header: ExperimentHeaderView): string {
  const { columns } = header;
  const prompts = new Set(columns.map((column) => column.promptLabel)).size;
  const providers = new Set(columns.map((column) => column.providerLabel)).size;
  const repeat = Math.max(1, header.repeat);
  const parts = [
    `${plural(columns.length, 'column')}: ${plural(prompts, 'prompt')} × ${plural(providers, 'provider')}`,
    plural(header.rowCount, 'row'),
    `${plural(header.rowCount * columns.length * repeat, 'cell')}${repeat > 1 ? ` (each repeated ${repeat} times)` : ''}`,
  ];
  const transports = (['batch', 'chat'] as const).map((transport) => [transport, columns.filter((column) => column.transport === transport).length] as const).filter(([, count]) => count > 0);
  if (transports.length > 0) parts.push(transports.map(([transport, count]) => `${count} ${transport}`).join(', '));
  return parts.join(' · ');
}

/** "Elapsed 1m 05s · ETA 40s · Queue depth 12 · 40 cells fetched, not sent · 20 sent · Grading: 40 / 120 (running)". */
export function progressStats(progress: ExperimentProgressView, elapsedMs: number): string {
  const parts = [`Elapsed ${formatDuration(elapsedMs)}`];
  if (progress.phase === 'running' && progress.etaSeconds !== undefined) parts.push(`ETA ${formatDuration(progress.etaSeconds * 1000)}`);
  if (progress.queueDepth !== undefined) parts.push(`Queue depth ${formatCount(progress.queueDepth)}`);
  parts.push(`${plural(progress.fetchedCells, 'cell')} fetched, not sent`, `${formatCount(progress.sentCells)} sent`);
  const { grading } = progress;
  if (grading !== undefined) parts.push(`Grading: ${formatCount(grading.graded)} / ${formatCount(grading.total)} (${PHASE_LABELS[grading.phase].toLowerCase()})`);
  return parts.join(' · ');
}

/** The comparison bar's words: what is compared with what, then each count on its own (the bar wraps between them). */
export interface ComparisonWording {
  title: string;
  counts: { change: CellChange | 'removed'; text: string }[];
}

/**
 * With a run: "Compared with Summaries (1a2b3c4d, 31/01/2025, 10:05:00)" and every count, zeros too ("0 newly
 * failing" is news). With a column: "Column "tuned" against the baseline column "base"" and its counts (added and
 * removed only when some are: columns of one run have the same rows). `formatDate`: the user's locale by
 * default, as the host's "Compare with…" list shows runs.
 */
export function comparisonWording(comparison: ComparisonView, columns: readonly ColumnView[], formatDate: (iso: string) => string = localeDate): ComparisonWording {
  const { counts } = comparison;
  const count = (change: CellChange | 'removed', words: string) => ({ change, text: `${formatCount(counts[change])} ${words}` });
  const changes = [count('changed', 'changed'), count('newly-passing', 'newly passing'), count('newly-failing', 'newly failing')];
  const apart = [count('added', 'added'), count('removed', 'removed')];
  if (comparison.kind === 'run') {
    return { title: `Compared with ${comparison.title} (${comparison.runId.slice(0, 8)}, ${formatDate(comparison.createdAt)})`, counts: [...changes, ...apart, count('same', 'same')] };
  }
  const [base, other] = [comparison.base, comparison.other].map((index) => columns.find((column) => column.index === index));
  // Columns of one prompt are told apart by their providers (the base model, its adaptor).
  const samePrompt = base !== undefined && other !== undefined && base.promptLabel === other.promptLabel;
  const name = (column: ColumnView | undefined, index: number) => (column === undefined ? `${index + 1}` : `"${samePrompt ? column.providerLabel : columnName(column)}"`);
  return {
    title: `Column ${name(other, comparison.other)} against the baseline column ${name(base, comparison.base)}`,
    counts: [...changes, ...apart.filter(({ change }) => counts[change] > 0), count('same', 'same')],
  };
}

/** The button that switches which rows an adaptor's column is judged on; none when there is no choice. */
export function judgeRowsButton(rows: JudgedRowsView | undefined): { action: ComparisonBarAction; label: string } | undefined {
  if (rows?.judging === 'held-out') return { action: 'judgeEveryRow', label: 'Judge every row' };
  if (rows?.judging === 'every-row') return { action: 'judgeHeldOutRows', label: 'Judge held-out rows only' };
  return undefined;
}

/** Where a compared output is from, for the detail: "in the compared run", "in the baseline column "base"". */
export function comparedWhere(comparison: ComparisonView | undefined, columns: readonly ColumnView[]): string {
  if (comparison?.kind !== 'columns') return 'in the compared run';
  const base = columns.find((column) => column.index === comparison.base);
  return `in the baseline column "${base === undefined ? comparison.base + 1 : columnName(base)}"`;
}

/** A date in the user's locale; the text as given when it is not a date. */
function localeDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A column as one line, for the column filter and the detail pane: "summary v2 · llama-8b". */
export function columnName(column: ColumnView): string {
  return `${column.promptLabel} · ${column.providerLabel}`;
}

/** The model under the provider's label, when the label does not already say it. */
export function columnModel(column: ColumnView): string | undefined {
  return column.model === '' || column.model === column.providerLabel ? undefined : column.model;
}

/** A row's vars, one `name: value` a line, for its tooltip; long values cut, so a tooltip stays a tooltip. */
export function varsTooltip(vars: Readonly<Record<string, string>>): string {
  const lines = Object.entries(vars).map(([name, value]) => `${name}: ${value.length > TOOLTIP_VALUE_CHARS ? `${value.slice(0, TOOLTIP_VALUE_CHARS)}…` : value}`);
  return lines.length === 0 ? 'No vars' : lines.join('\n');
}

const TOOLTIP_VALUE_CHARS = 200;

/** "Repeat 2 of 5", counted from 1. */
export function repeatLabel(repeat: number, of: number): string {
  return `Repeat ${repeat + 1} of ${of}`;
}

function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
