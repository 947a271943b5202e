// The quick picks that start a comparison in the experiment panel: "Compare with…" another experiment run
// (earlier runs of the same experiment first), and "Compare columns…": the baseline column, then the column to
// compare with it (the base model's, then its adaptor's).

import * as vscode from 'vscode';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import type { RunProjection } from '../../core/runs/run-projection';
import type { RunStore } from '../../core/runs/run-store';

/** Another experiment run to compare `run` with; undefined when the user picked none (or there is none). */
export async function pickRunToCompare(store: RunStore, run: RunProjection): Promise<string | undefined> {
  const runId = run.header.runId;
  const others = store.list().filter((other) => other.experiment && other.runId !== runId);
  if (others.length === 0) return void vscode.window.showInformationMessage('There is no other experiment run to compare with: run the experiment again first.');
  const same = others.filter((other) => other.source !== undefined && other.source === run.header.source && other.createdAt < run.header.createdAt);
  const rest = others.filter((other) => !same.includes(other));
  type Pick = vscode.QuickPickItem & { runId?: string };
  const item = (other: (typeof others)[number]): Pick => ({ label: other.title, description: `${new Date(other.createdAt).toLocaleString()} · ${other.runId.slice(0, 8)}`, detail: `${other.counts.ok} ok, ${other.counts.error} error of ${other.total}`, runId: other.runId });
  const items: Pick[] = [
    ...(same.length ? [{ label: 'Earlier runs of this experiment', kind: vscode.QuickPickItemKind.Separator }, ...same.map(item)] : []),
    ...(rest.length ? [{ label: 'Other experiment runs', kind: vscode.QuickPickItemKind.Separator }, ...rest.map(item)] : []),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `Compare ${run.header.title ?? runId.slice(0, 8)} with…`, placeHolder: 'Cells are matched by prompt, provider, test and repeat', matchOnDescription: true });
  return picked?.runId;
}

/** Two columns of `run`: the baseline first; undefined when the user stopped (or the run has fewer than two). */
export async function pickColumnsToCompare(run: RunProjection): Promise<{ base: number; other: number } | undefined> {
  const columns = run.header.experiment?.columns ?? [];
  if (columns.length < 2) return void vscode.window.showInformationMessage('This experiment has one column: add a provider (a trained adaptor beside the base) or a prompt to compare columns.');
  type Pick = vscode.QuickPickItem & { index: number };
  const items = columns.map((column, index): Pick => ({ label: columnLabel(column), description: column.model ?? "deployment's default", index }));
  const base = await vscode.window.showQuickPick(items, { title: 'Compare columns (1/2): the baseline column', placeHolder: 'The column the other is compared with: the base model, say' });
  if (!base) return undefined;
  const rest = items.filter((item) => item.index !== base.index);
  const other = rest.length === 1 ? rest[0] : await vscode.window.showQuickPick(rest, { title: `Compare columns (2/2): the column to compare with ${base.label}`, placeHolder: 'Its cells are marked same, changed, newly passing or newly failing: the adaptor, say' });
  return other ? { base: base.index, other: other.index } : undefined;
}
