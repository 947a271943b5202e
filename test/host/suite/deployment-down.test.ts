// A deployment that goes down during a batch (issue 17 item 9): the results panel says it is unreachable and
// since when, rather than "Running" with a frozen ETA, queue depth and tokens/s, and the run goes on by
// itself once the deployment is back.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { screenshot, webviewEval, webviewQuery } from './helpers/page';
import { counts, countOf, RESULTS, waitForPhase } from './helpers/results';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const PROMPTS = 12;

async function headerText(selector: string): Promise<string> {
  return (await webviewQuery(RESULTS, selector))?.texts[0] ?? '';
}

describe('a deployment down during a batch', () => {
  it('says the deployment is unreachable and since when, then carries on by itself when it is back', async function () {
    this.timeout(120_000);
    const stateDir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    // The queue survives the outage on disk, as a deployment's does.
    const sim = await startSimulatorProcess(['--tokens-per-second', '40', '--slots', '1', '--response-timeout', '3', '--state-dir', stateDir]);
    try {
      await setSettings({ baseUrl: sim.url, maxTokens: 16, 'batch.groupSize': 4, 'batch.maxInFlight': 1, 'batch.confirmAbove': 1000 });
      const uri = await workspaceFile('down/prompts.jsonl', Array.from({ length: PROMPTS }, (_, i) => JSON.stringify(`outage ${i}`)).join('\n') + '\n');
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitFor(async () => (await countOf('pending')) > 0, { timeoutMs: 20_000, what: 'a group in flight' });

      await sim.stop();
      const note = await waitFor(async () => {
        const text = await headerText('#unreachable:not([hidden])');
        return /unreachable since \d\d:\d\d:\d\d/.test(text) && text;
      }, { timeoutMs: 30_000, what: 'the panel to say the deployment is unreachable' });
      assert.match(note, /carries on by itself/);
      assert.equal(await headerText('#phase'), 'Deployment unreachable');
      const stats = await headerText('#stats');
      assert.doesNotMatch(stats, /ETA|Queue depth|tokens\/s/, `no figures of a deployment that does not answer: ${stats}`);
      await screenshot('deployment-down unreachable');

      await sim.start();
      await waitForPhase('complete', 90_000);
      assert.equal(await webviewEval(RESULTS, `document.querySelector('#unreachable').hidden`), true, 'the note goes once the deployment answers');
      const after = await counts();
      assert.equal(after.ok, PROMPTS, `every prompt answered after the outage: ${JSON.stringify(after)}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await resetSettings();
      await sim.stop();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
