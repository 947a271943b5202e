// Figures of the results panel with 10,000 prompts, for bench/extension-figures.ts: from the command to "ok
// 10,000" in the panel, beside the CLI's whole process on the same job in the same run (alternating, each on
// 10,000 prompts new to a fresh zero-latency simulator, max_tokens 8 both); when the host wrote the run's end
// to its ledger, which tells the run's own time from its crossing to the page; the extension host's RSS
// before and during the run; messages posted to the webview; the renderer's heap the panel adds.

import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { alternately, hostCpu, hostRssMb, inRounds, profileHost, runCli, sampleHostRss, stampWhenShown, writeFigures } from '../helpers/figures';
import { rendererHeapBytes, webviewEval, webviewQuery } from '../helpers/page';
import { RESULTS } from '../helpers/results';
import { resetSettings, setSettings } from '../helpers/settings';
import { waitFor } from '../helpers/wait';
import { clickAction } from '../helpers/panel-actions';

const PROMPTS = 10_000;
const MAX_TOKENS = 8;
const OK_SHOWN = `document.querySelector('#counts button.chip[data-status="ok"] .count')?.textContent === ${JSON.stringify(PROMPTS.toLocaleString('en-US'))}`;
const COMPLETE = `document.querySelector('main').dataset.phase === 'complete'`;

/** The same 10,000 prompts, made new to the simulator by `salt`. */
function promptLines(salt: string): string {
  return Array.from({ length: PROMPTS }, (_, i) => JSON.stringify({ prompt: `Benchmark ${salt} prompt ${i}: say something about item ${i % 97}.` })).join('\n') + '\n';
}

/** When the host wrote the end of the panel's run to its ledger (Date.now() in the line): the ledger opened from the panel. */
async function ledgerEndAt(): Promise<number> {
  const runId = await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.runId`);
  await clickAction(RESULTS, 'openLedger');
  const ledger = await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath.includes(runId) && vscode.window.activeTextEditor.document.uri.fsPath, { timeoutMs: 20_000, what: "the run's ledger opened" });
  const end = readFileSync(ledger, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { t: string; at?: number })
    .reverse()
    .find((event) => event.t === 'end');
  assert.ok(end?.at, `the ledger ${ledger} has the run's end`);
  return end.at;
}

async function editorRun(folder: vscode.Uri, salt: string) {
  const uri = vscode.Uri.joinPath(folder, `figures-results-${salt}.jsonl`);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(promptLines(salt)));
  const heapBefore = await rendererHeapBytes();
  const hostRssBeforeMb = hostRssMb();
  const rss = sampleHostRss();
  const profile = await profileHost(`results-panel-${salt}`);
  const cpu = hostCpu();
  const startedAt = Date.now();
  const started = performance.now();
  await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
  const commandMs = performance.now() - started;
  await waitFor(async () => (await webviewQuery(RESULTS, 'main'))?.count, { timeoutMs: 60_000, what: 'the page' });
  const pageMs = performance.now() - started;
  // Both stamped by the page as they show: the run's end is not read only after "ok" was found.
  const okShown = await stampWhenShown(RESULTS, '#counts', OK_SHOWN, 120_000);
  const completeShown = await stampWhenShown(RESULTS, 'main', COMPLETE, 120_000);
  const okMs = (await okShown()) - startedAt;
  const completeMs = (await completeShown()) - startedAt;
  const hostCpuMs = cpu();
  const hostRssPeakMb = rss.stop();
  await profile.stop();
  const filtered = await webviewEval<string>(RESULTS, `document.querySelector('#list').dataset.filteredCount`);
  assert.equal(filtered, String(PROMPTS));
  const messages = Number(await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.messages`));
  assert.ok(messages > 0 && okMs > 0);
  const runEndedMs = (await ledgerEndAt()) - startedAt;
  // usedJSHeapSize counts the whole renderer (the workbench too) and its garbage; this is what the panel adds, live.
  const heapAfter = await rendererHeapBytes();
  return {
    commandMs,
    pageMs,
    okMs,
    completeMs,
    runEndedMs,
    hostCpuMs,
    messages,
    webviewHeapMb: (heapAfter - heapBefore) / 2 ** 20,
    rendererHeapMb: heapAfter / 2 ** 20,
    hostRssBeforeMb,
    hostRssPeakMb,
    hostRssAfterMb: hostRssMb(),
  };
}

async function cliRun(scratch: string, url: string, salt: string): Promise<{ wallMs: number; cpuMs: number }> {
  const file = join(scratch, `${salt}.jsonl`);
  writeFileSync(file, promptLines(salt));
  return runCli(['generate', file, '--url', url, '--max-tokens', String(MAX_TOKENS), '--out', join(scratch, `${salt}.results.jsonl`), '--ledger', join(scratch, `${salt}.ledger.jsonl`)]);
}

describe('figures: the results panel with 10,000 prompts, beside the CLI', () => {
  it('records the command to "ok 10,000" in the panel and the CLI on the same job, host memory and messages', async function () {
    this.timeout(900_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const scratch = mkdtempSync(join(tmpdir(), 'figures-results-'));
    const rounds: unknown[] = [];
    try {
      await inRounds(async (round, simUrl) => {
        await setSettings({ baseUrl: simUrl, maxTokens: MAX_TOKENS, 'batch.confirmAbove': PROMPTS });
        const salt = `${process.pid}-${round}`;
        const editor = () => editorRun(folder, `editor-${salt}`);
        const cli = () => cliRun(scratch, simUrl, `cli-${salt}`);
        const [measured, cliMeasured] = await alternately(round, editor, cli);
        rounds.push({ ...measured, cli: cliMeasured });
      });
    } finally {
      await resetSettings();
      rmSync(scratch, { recursive: true, force: true });
    }
    writeFigures('results-panel.json', { prompts: PROMPTS, maxTokens: MAX_TOKENS, rounds });
  });
});
