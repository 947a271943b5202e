// Export Training Data… counts what each source of answers gives before asking: on a run like the bundled
// example's (no equals assertion, no __expected cell) the sources that give examples come first with their
// counts, Expected answers last saying why it gives none; picking it asks again, saying so, and a var's values
// can be the answers (the CLI's --expected-var). A run nothing in which can be training data says why at once.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { workbenchText } from './helpers/page';
import { respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { chooseInQuickInput } from './helpers/quick-input';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const QUICK_INPUT = '.quick-input-widget:not([style*="display: none"])';
const WAIT_MS = 30_000;

async function quickInputSaying(words: string, what: string): Promise<string> {
  return waitFor(async () => {
    const text = await workbenchText(QUICK_INPUT);
    return text?.includes(words) && text;
  }, { timeoutMs: WAIT_MS, what });
}

async function runOf(name: string, config: string): Promise<string> {
  const uri = await workspaceFile(`${name}/promptfooconfig.yaml`, config);
  const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', uri);
  assert.ok(runId, 'the run started');
  await waitForPhase('complete');
  return runId;
}

describe('Export Training Data…: what each source of answers gives, before asking', () => {
  useExperimentSimulator();

  it('offers what gives examples first, says why Expected answers give none, and exports a var as the answers', async () => {
    const runId = await runOf(
      'sources',
      ['prompts:', `  - "Capital of {{ land }}? ${respond('{{ capital }}')}"`, 'providers:', '  - scalarlm:base', 'tests:', '  - vars: {land: Quux, capital: Quuxville}', '  - vars: {land: Zorb, capital: Zorbulon}', 'defaultTest:', '  assert: [{type: not-icontains, value: as an AI}]', ''].join('\n'),
    );
    const target = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sources', 'data.jsonl');
    const exporting = vscode.commands.executeCommand<vscode.Uri>('scalarlm.exportTrainingData', runId, { target });
    const pick = await quickInputSaying('Passing answers', 'the sources of answers');
    assert.match(pick, /The values of land\s*as each row's answer: 2 of 2 rows have one/);
    assert.match(pick, /Passing answers\s*2 of 2 answers passed every assertion/);
    assert.match(pick, /Expected answers\s*none: no row has an equals assertion or an __expected cell/);
    assert.ok(pick.indexOf('Passing answers') < pick.indexOf('Expected answers'), 'a source that gives nothing comes last');

    await chooseInQuickInput('Expected', 'Passing answers');
    await quickInputSaying('expected answers give nothing to train on here, pick another', 'the pick again, saying why');
    await chooseInQuickInput('values of capital', 'Passing answers');
    await quickInputSaying('Train on all rows', 'the rows to hold out');
    await chooseInQuickInput('Train on all rows', 'Hold out 20%');
    assert.equal((await exporting)?.fsPath, target.fsPath);
    const lines = readFileSync(target.fsPath, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(lines, [
      { input: `Capital of Quux? ${respond('Quuxville')}`, output: 'Quuxville' },
      { input: `Capital of Zorb? ${respond('Zorbulon')}`, output: 'Zorbulon' },
    ]);
  });

  it('says at once why nothing in a run can be training data, and asks nothing', async () => {
    const runId = await runOf('nothing', ['prompts:', '  - "Say hello"', 'providers:', '  - scalarlm:base', 'tests:', '  - description: just once', ''].join('\n'));
    const exported = await vscode.commands.executeCommand<vscode.Uri | undefined>('scalarlm.exportTrainingData', runId);
    assert.equal(exported, undefined);
    await waitFor(() => workbenchText('.notification-toast:has-text("Nothing in this run can be training data")'), { timeoutMs: WAIT_MS, what: 'the notice saying why' });
    const toast = (await workbenchText('.notifications-toasts')) ?? '';
    assert.match(toast, /expected answers: no row has an equals assertion or an __expected cell; passing answers: no answer passed every assertion/);
    assert.equal(await workbenchText(`${QUICK_INPUT} .quick-input-list`), undefined, 'nothing was asked');
  });
});
