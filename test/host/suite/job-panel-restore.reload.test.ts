// Across a window reload while a training job runs: its panel comes back with the log lines it had, reads
// on from the line after the last one it had, and ends with every line of the job once and none missing.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, webviewEval, workbenchText } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const FORM = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';

interface PageLines {
  status: string;
  lines: number;
  nextLine: number;
  log: string;
}

const pageLines = (hash: string) =>
  webviewEval<PageLines>(hash, `(() => { const main = document.querySelector('main'); return { status: main.dataset.status ?? '', lines: Number(main.dataset.lines), nextLine: Number(main.dataset.nextLine ?? 0), log: document.querySelector('#logs').textContent }; })()`);

describe('training job panel across a window reload', () => {
  itAcrossReload('restores the job panel and reads the logs on from its last line', {
    before: async () => {
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
      const uri = await workspaceFile('training/restore.jsonl', `${JSON.stringify({ input: 'Reload me?', output: 'Restored.' })}\n`);
      const training = vscode.commands.executeCommand('scalarlm.trainAdaptor', uri);
      await waitFor(async () => (await workbenchText(FORM))?.includes('Start Training'), { timeoutMs: 30_000, what: 'the Train Adaptor form' });
      await pressKey('Enter');
      await training;
      const hash = await waitFor(async () => {
        const id = await webviewEval<string>('Reload me?', `document.querySelector('#hash')?.textContent ?? ''`).catch(() => '');
        return /^[0-9a-f]{64}$/.test(id) && id;
      }, { timeoutMs: 30_000, what: 'the job panel' });
      const had = await waitFor(async () => {
        const page = await pageLines(hash);
        return page.lines > 0 && page;
      }, { timeoutMs: 30_000, what: 'the first log lines' });
      saveNote('hash', hash);
      saveNote('lines', had.lines);
    },
    after: async () => {
      const hash = readNote<string>('hash');
      // Restored panels come back as tabs, maybe behind another: opening the job reveals the restored one.
      await vscode.commands.executeCommand('scalarlm.training.openJob', hash);
      const restored = await waitFor(async () => (await pageLines(hash).catch(() => undefined))?.lines, { timeoutMs: 30_000, what: 'the restored job panel' });
      assert.ok(restored >= readNote<number>('lines'), 'the lines from before the reload kept');
      const done = await waitFor(async () => {
        const page = await pageLines(hash);
        return page.status === 'COMPLETED' && page.log.includes('Training finished') && page;
      }, { timeoutMs: 60_000, what: 'the job complete in the restored panel' });
      // Every line once, none missing: line numbers run 0..n-1, and the page shows the job's whole log as the
      // server serves it (the simulator came back after the reload and went on with the job, as a real one would).
      assert.equal(done.nextLine, done.lines);
      const running = await waitForQueueStatus(/^\d+ queued/, 'the simulator back after the reload', { tooltip: true, timeoutMs: 30_000 });
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(running.tooltip ?? '')?.[0];
      assert.ok(url, 'the simulator URL in the queue status tooltip');
      const served = await (await fetch(`${url}/v1/megatron/train/logs/${hash}`)).text();
      const lines = served.split('\n').filter((line) => line.trim() !== '').map((line) => (JSON.parse(line) as { line: string }).line);
      assert.equal(done.lines, lines.length);
      assert.equal(done.log, lines.join('\n'));
    },
  });
});
