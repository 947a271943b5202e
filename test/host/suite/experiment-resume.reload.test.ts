// Across a window reload in the middle of an experiment's run: the run resumes by itself from its ledger and
// the experiment's unchanged files, ends with every cell answered once, and the simulator saw every group
// submitted exactly once.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval, webviewQuery } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const EXPERIMENT = 'scalarlm-experiment';
const ROWS = 96;

async function chip(status: string): Promise<number> {
  return Number((await webviewQuery(EXPERIMENT, `#counts button.chip[data-status="${status}"] .count`))?.texts[0] ?? NaN);
}

describe('experiment run across a window reload', () => {
  itAcrossReload('resumes and answers every cell exactly once', {
    before: async () => {
      await setSettings({ maxTokens: 128, 'metrics.intervalSeconds': 1 });
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
      await workspaceFile('reload-exp/p.txt', 'Describe the river {{ river }} at length.');
      await workspaceFile('reload-exp/rivers.csv', 'river\n' + Array.from({ length: ROWS }, (_, i) => `River number ${i}`).join('\n') + '\n');
      // One group in flight at a time: the run lasts long enough for the reload to come mid-run.
      const config = await workspaceFile('reload-exp/promptfooconfig.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests: file://rivers.csv\nevaluateOptions:\n  maxConcurrency: 1\n');
      await vscode.commands.executeCommand('scalarlm.runExperiment', config);
      await waitFor(async () => (await chip('ok')) >= 4, { timeoutMs: 30_000, what: 'the first cells' });
      assert.equal(await webviewEval(EXPERIMENT, `document.querySelector('main').dataset.phase`), 'running', 'the reload comes mid-run');
      saveNote('experimentSimulator', /http:\/\/127\.0\.0\.1:\d+/.exec(running.tooltip ?? '')?.[0]);
      saveNote('experimentRunId', await webviewEval<string>(EXPERIMENT, `document.querySelector('main').dataset.runId`));
    },
    after: async () => {
      await vscode.commands.executeCommand('scalarlm.runs.open', readNote<string>('experimentRunId'));
      await waitFor(async () => (await webviewEval<string>(EXPERIMENT, `document.querySelector('main')?.dataset.runId ?? ''`).catch(() => '')) === readNote<string>('experimentRunId'), {
        timeoutMs: 30_000,
        what: 'the experiment panel of the run, restored',
      });
      await waitFor(async () => (await webviewEval<string>(EXPERIMENT, `document.querySelector('main').dataset.phase`)) === 'complete', { timeoutMs: 90_000, what: 'the run to complete' });
      assert.equal(await chip('ok'), ROWS);
      const stats = (await (await fetch(`${readNote<string>('experimentSimulator')}/_sim/stats`)).json()) as { generateSubmissions: Record<string, number> };
      const submissions = Object.values(stats.generateSubmissions);
      assert.ok(submissions.length > 0);
      assert.ok(submissions.every((n) => n === 1), `no group was submitted twice: ${JSON.stringify(submissions)}`);
      await resetSettings();
    },
  });
});
