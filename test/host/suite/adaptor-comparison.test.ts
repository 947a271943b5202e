// Compare with Base after Add Adaptor to Experiment…, on an adaptor the test trains itself: the cells' change marks,
// the comparison bar's counts and the Changed filter say the same of every row, on the held-out rows (the default)
// and on every row.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, webviewClick, webviewEval, webviewQuery, workbenchText } from './helpers/page';
import { barSaying, EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { trainOnFile } from './helpers/training-job';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

const WAIT_MS = 30_000;
/** land, capital, what the base model says: three right, two wrong. */
const ROWS = [
  ['Quux', 'Quuxville', 'Quuxville'],
  ['Zorb', 'Zorbulon', 'Zorbulon'],
  ['Lint', 'Lintopia', 'Lintopia'],
  ['Wob', 'Wobbleton', 'Wobtown'],
  ['Blur', 'Blurport', 'Blurville'],
];
// Each answer takes a while, so the panel shows the adaptor's cells arriving (not a run already finished).
const SLOW = '[[sim:slow=2500]]';
const prompt = (land: string, said: string) => `Capital of ${land}? ${SLOW} ${respond(said)}`;

async function marks(): Promise<string[]> {
  return (await webviewQuery(EXPERIMENT_PANEL, '.cell .change-mark:not([hidden])'))?.texts ?? [];
}

/** Each shown change mark by "row,column", as the cell's data says it. */
async function marksByCell(): Promise<Record<string, string>> {
  return webviewEval<Record<string, string>>(EXPERIMENT_PANEL, `Object.fromEntries([...document.querySelectorAll('.cell .change-mark:not([hidden])')].map((m) => [m.closest('.cell').dataset.row + ',' + m.closest('.cell').dataset.column, m.dataset.change]))`);
}

async function rowsShown(): Promise<number> {
  return (await webviewQuery(EXPERIMENT_PANEL, '.matrix-row[data-row]'))?.count ?? 0;
}

describe('adaptor comparison: marks, bar and filter agree', () => {
  useExperimentSimulator();

  it('after Add Adaptor to Experiment…, Compare with Base marks only the rows the bar counts as changed, and the Changed filter keeps only those', async () => {
    const tests = ROWS.flatMap(([land, capital, said]) => [`  - description: ${land}`, `    vars: {land: ${land}, said: ${said}}`, `    assert: [{type: equals, value: ${capital}}]`]);
    const config = await workspaceFile('compare/promptfooconfig.yaml', ['prompts:', `  - "Capital of {{ land }}? ${SLOW} ${respond('{{ said }}')}"`, 'providers:', '  - id: scalarlm:base', '    label: base', 'tests:', ...tests].join('\n') + '\n');
    assert.ok(await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config), 'the run started');
    await waitForPhase('complete');

    // Trained on the two rows the base gets wrong, with their right answers; the other three are its held-out rows.
    const wrong = ROWS.filter(([, capital, said]) => capital !== said);
    const data = await workspaceFile('compare/wrong-rows.jsonl', wrong.map(([land, capital, said]) => JSON.stringify({ input: prompt(land, said), output: capital })).join('\n') + '\n');
    const hash = await trainOnFile(data);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment', config, hash, 'tuned');
    const compared = await vscode.commands.executeCommand<string>('scalarlm.compareWithBase', config, hash);
    assert.ok(compared, 'the comparison run started');
    await waitForPhase('complete');

    const heldOut = await barSaying('held-out rows');
    assert.match(heldOut, /Judged on the 3 held-out rows the adaptor was not trained on \(2 seen in training left out\)/);
    assert.match(heldOut, /0 changed\s+0 newly passing\s+0 newly failing\s+3 same/);
    await waitFor(async () => (await marks()).length === 0, { timeoutMs: WAIT_MS, what: `no change mark on a row judged the same or left out (marks: ${(await marks()).join(', ')})` });
    await webviewClick(EXPERIMENT_PANEL, '.verdict-filter button[data-filter="changed"]');
    await waitFor(async () => (await rowsShown()) === 0, { timeoutMs: WAIT_MS, what: `the Changed filter to keep no row (shows ${await rowsShown()})` });
    await webviewClick(EXPERIMENT_PANEL, '.verdict-filter button[data-filter="changed"]');
    await waitFor(async () => (await rowsShown()) === ROWS.length, { timeoutMs: WAIT_MS, what: 'every row again' });

    await webviewClick(EXPERIMENT_PANEL, '.comparison-bar .judge-rows');
    const every = await barSaying('Judged on every row');
    assert.match(every, /0 changed\s+2 newly passing\s+0 newly failing\s+3 same/);
    const shown = await waitFor(async () => {
      const now = await marks();
      return now.length === 2 && now;
    }, { timeoutMs: WAIT_MS, what: `a change mark on each of the two rows the bar counts (marks: ${(await marks()).join(', ')})` });
    assert.deepEqual(shown, ['newly passing', 'newly passing']);
    await webviewClick(EXPERIMENT_PANEL, '.verdict-filter button[data-filter="changed"]');
    await waitFor(async () => (await rowsShown()) === 2, { timeoutMs: WAIT_MS, what: `the Changed filter to keep the two newly passing rows (shows ${await rowsShown()})` });
  });

  it('compares two columns before their grades land, and moves the marks with the counts when they do', async () => {
    // A slow grader: the comparison is made while the verdicts are still pending, and recounted when they land.
    const graded = Buffer.from('{"pass": true, "score": 1, "reason": "fine"}').toString('base64');
    await workspaceFile('compare/no.txt', `Answer about {{ topic }}. ${respond('no')}`);
    await workspaceFile('compare/yes.txt', `Answer about {{ topic }}. ${respond('yes')}`);
    const rows = ['tea', 'rain'].map((topic) => `  - vars: {topic: ${topic}}\n    assert:\n      - type: contains\n        value: "yes"\n      - type: llm-rubric\n        value: 'On topic [[sim:slow=6000]] [[sim:respond-b64=${graded}]]'\n`);
    const config = await workspaceFile('compare/graded.yaml', `prompts:\n  - file://no.txt\n  - file://yes.txt\nproviders:\n  - scalarlm:base\ntests:\n${rows.join('')}`);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    await clickAction(EXPERIMENT_PANEL, 'compareColumns');
    await waitFor(async () => /the baseline column/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: WAIT_MS, what: 'the baseline column pick' });
    await pressKey('Enter');
    const before = await barSaying('2 changed');
    assert.match(before, /0 newly passing/, `compared before the grades landed: ${before}`);
    assert.deepEqual(await marksByCell(), { '0,1': 'changed', '1,1': 'changed' });

    const after = await barSaying('2 newly passing');
    assert.match(after, /0 changed/);
    const moved = await waitFor(async () => {
      const now = await marksByCell();
      return Object.values(now).every((change) => change === 'newly-passing') && now;
    }, { timeoutMs: WAIT_MS, what: 'the marks to say what the bar counts' });
    assert.deepEqual(moved, { '0,1': 'newly-passing', '1,1': 'newly-passing' });
  });
});
