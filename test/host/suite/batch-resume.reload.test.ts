// Across a window reload in the middle of a batch run: the run resumes by itself and ends with every
// prompt accounted for exactly once, and the simulator saw every group submitted exactly once.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { countOf, counts, RESULTS, waitForPhase } from './helpers/results';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';

// Enough groups (about 0.8 s each, two at a time) for the run to outlast the opening of its panel.
const PROMPTS = 96;

describe('batch run across a window reload', () => {
  itAcrossReload('resumes and accounts for every prompt exactly once', {
    before: async () => {
      await setSettings({ maxTokens: 128, 'batch.groupSize': 4, 'batch.maxInFlight': 2, 'metrics.intervalSeconds': 1 });
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder, 'resume.jsonl');
      const lines = Array.from({ length: PROMPTS }, (_, i) => JSON.stringify(`Resumed prompt ${i}: describe a river.`));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(lines.join('\n') + '\n'));
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitFor(async () => (await countOf('ok')) >= 4, { timeoutMs: 30_000, what: 'the first results' });
      assert.equal(await webviewEval(RESULTS, `document.querySelector('main').dataset.phase`), 'running', 'the reload comes mid-run');
      saveNote('simulator', /http:\/\/127\.0\.0\.1:\d+/.exec(running.tooltip ?? '')?.[0]);
      saveNote('runId', await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.runId`));
    },
    after: async () => {
      // Restored panels come back as tabs; the run's may be behind another one.
      await vscode.commands.executeCommand('scalarlm.runs.open', readNote<string>('runId'));
      await waitFor(async () => (await webviewEval<string>(RESULTS, `document.querySelector('main')?.dataset.runId ?? ''`).catch(() => '')) === readNote<string>('runId'), {
        timeoutMs: 30_000,
        what: 'the results panel of the run, restored',
      });
      await waitForPhase('complete', 60_000);
      assert.deepEqual(await counts(), { ok: PROMPTS, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0 });
      const simulator = readNote<string>('simulator');
      const stats = (await (await fetch(`${simulator}/_sim/stats`)).json()) as { generateSubmissions: Record<string, number> };
      // The simulator serves other tests of this window too: this run's groups are the ones with its prompts.
      const listed = (await (await fetch(`${simulator}/v1/generate/list_requests?limit=200`)).json()) as { rows: { request_id: string; prompt_preview: string }[] };
      const ours = listed.rows.filter((row) => row.prompt_preview.startsWith('Resumed prompt')).map((row) => row.request_id);
      assert.equal(ours.length, PROMPTS / 4, 'every group reached the simulator');
      assert.deepEqual(ours.map((id) => stats.generateSubmissions[id]), Array(PROMPTS / 4).fill(1), 'no group was submitted twice');
      // The simulator keeps running and editors stay open: other tests' second parts check their own
      // restored state of this window (the simulator stops with the window).
      await resetSettings();
    },
  });
});
