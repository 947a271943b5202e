// Reviews across a window reload: they are kept in the runs folder, so the run's panel opened after the reload shows
// each reviewed answer's mark, the count, and the correction in the review form.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, respond, waitForPhase } from './helpers/experiment-panel';
import { webviewEval } from './helpers/page';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { review, reviewCount, reviewForm, reviewMark, selectCell } from './helpers/reviews';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const WAIT_MS = 10_000;

// Its first part runs first of the files that span the reload (its name sorts before theirs) on a simulator of its
// own, and closes its panel and stops its simulator when done: the others then find the window as they expect, their
// panels in front and their runs alone at the reload. Its second part reads the run from disk.
describe('reviews across a window reload', () => {
  itAcrossReload('keeps the reviews of a run, its marks, count and correction', {
    before: async () => {
      const sim = await startSimulatorProcess(['--zero-latency']);
      await setSettings({ baseUrl: sim.url, maxTokens: 32 });
      const config = await workspaceFile(
        'reviews-reload/promptfooconfig.yaml',
        `prompts:\n  - "Capital of {{ country }}? ${respond('{{ answer }}')}"\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {country: Spain, answer: Seville}\n  - vars: {country: Japan, answer: Tokyo}\n`,
      );
      const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
      await waitForPhase('complete');
      await review(0, 0, 'bad', 'Madrid');
      await review(1, 0, 'good');
      await waitFor(async () => (await reviewCount()) === 'reviewed 2 of 2 answers', { timeoutMs: WAIT_MS, what: 'the count before the reload' });
      saveNote('reviewedRunId', runId);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await resetSettings();
      await sim.stop();
    },
    after: async () => {
      const runId = readNote<string>('reviewedRunId');
      await vscode.commands.executeCommand('scalarlm.runs.open', runId);
      await waitFor(async () => (await webviewEval<string>(EXPERIMENT_PANEL, `document.querySelector('main')?.dataset.runId ?? ''`).catch(() => '')) === runId, { timeoutMs: 30_000, what: 'the panel of the reviewed run' });
      await waitFor(async () => (await reviewMark(0, 0))?.review === 'bad', { timeoutMs: WAIT_MS, what: 'the review mark after the reload' });
      assert.equal((await reviewMark(0, 0))?.title, 'Reviewed as bad. It should have said:\nMadrid');
      assert.equal((await reviewMark(1, 0))?.review, 'good');
      assert.equal(await reviewCount(), 'reviewed 2 of 2 answers');
      await selectCell(0, 0);
      const form = await reviewForm(0, 0);
      assert.equal(form?.review, 'bad');
      assert.equal(form?.correction, 'Madrid');
    },
  });
});
