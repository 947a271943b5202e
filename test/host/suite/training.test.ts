// Training in a real VS Code: Train Adaptor… on a .jsonl refuses a bad line at file:line (nothing sent),
// else starts a job through the form; the Training view shows it running and then complete; its panel
// shows the loss chart and the logs; the same data and arguments again name the same job; and a Cancel the
// trainer writes over is said plainly.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot, webviewClick, webviewEval, webviewQuery, webviewText, workbenchText } from './helpers/page';
import { pressInQuickInput, typeInQuickInput } from './helpers/quick-input';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';
import { focusWindow } from './helpers/window-focus';
import { workspaceFile } from './helpers/workspace';

const DATA = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
]
  .map((example) => JSON.stringify(example))
  .join('\n');
const TREE = '.monaco-list[aria-label="Training"]';
const FIRST_ROW = `${TREE} .monaco-list-row[aria-posinset="1"]`;
const FORM = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';
const WAIT_MS = 30_000;

describe('training in the editor', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // 100 steps (the server's default) of 50 ms: long enough to see the job run, short enough for a test.
    sim = await startSimulatorProcess(['--zero-latency', '--training-step-time', '0.05']);
    await setSettings({ baseUrl: sim.url });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await sim.stop();
  });

  it('refuses a line that is not {"input", "output"} strings, at file:line in the Problems panel, sending nothing', async () => {
    const uri = await workspaceFile('training/bad.jsonl', `${JSON.stringify({ input: 'a', output: 'b' })}\n{"input": 1, "output": "x"}\n`);
    await vscode.commands.executeCommand('scalarlm.trainAdaptor', uri);
    const [problem, ...others] = vscode.languages.getDiagnostics(uri);
    assert.equal(others.length, 0);
    assert.equal(problem.range.start.line, 1);
    assert.match(problem.message, /"input" must be a string/);
    const requests = (await sim.stats()).requests;
    assert.equal(Object.keys(requests).filter((route) => route.includes('/megatron/train') || route.includes('/upload/')).length, 0, 'nothing sent');
  });

  it('starts a job from the form; the view shows it running, then complete; the panel shows the loss chart and the logs; a retry names the same job', async () => {
    const uri = await workspaceFile('training/capitals.jsonl', DATA);
    const jobsBefore = (await sim.stats()).trainingJobs;
    await focusWindow();
    await vscode.commands.executeCommand('scalarlm.training.focus');

    const training = vscode.commands.executeCommand('scalarlm.trainAdaptor', uri);
    const form = await waitFor(async () => {
      const text = await workbenchText(FORM);
      return text?.includes('Start Training') && text;
    }, { timeoutMs: WAIT_MS, what: 'the Train Adaptor form' });
    assert.match(form, /2 examples from training\/capitals\.jsonl/);
    assert.match(form, /Max steps: 100 \(server default\)/);
    assert.match(form, /Learning rate: 0\.003 \(server default\)/);
    await pressInQuickInput('Enter');
    await training;
    assert.equal((await sim.stats()).trainingJobs, jobsBefore + 1);

    // The panel opened on the job: its hash is the model name.
    const hash = await waitFor(async () => (await webviewQuery('scalarlm-training', '#hash'))?.texts[0], { timeoutMs: WAIT_MS, what: 'the job panel' });
    assert.match(hash, /^[0-9a-f]{64}$/);

    await focusWindow();
    const running = await waitFor(async () => {
      const text = await workbenchText(FIRST_ROW);
      return text?.includes(hash.slice(0, 12)) && /QUEUED|TRAINING/.test(text) && text;
    }, { timeoutMs: WAIT_MS, what: 'the Training view to show the job running' });
    assert.match(running, /step \d+ of 100|QUEUED/);
    await screenshot('training-view-running');
    await focusWindow();
    const complete = await waitFor(async () => {
      const text = await workbenchText(FIRST_ROW);
      return text?.includes('COMPLETED') && text;
    }, { timeoutMs: WAIT_MS, what: 'the Training view to show the job complete' });
    assert.match(complete, /step 100 of 100 · average loss \d\.\d{4}/, 'list_models\' loss, named for what it is');

    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="COMPLETED"]'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the panel to show COMPLETED' });
    const points = await webviewQuery(hash, 'svg[data-points="100"] polyline');
    assert.equal(points?.count, 1, 'the loss chart has the 100 steps of the history');
    const chart = await lossChartAsShown(hash);
    for (const label of chart.labels) assert.ok(Math.abs(label.stretch - 1) < 0.1, `"${label.text}" is drawn at ${label.stretch.toFixed(2)} times its width`);
    assert.deepEqual([chart.firstStep, chart.lastStep], ['1', '100'], 'the step axis runs from the first step to the last');
    assert.match(chart.highLoss ?? '', /^\d\.\d{4}$/);
    assert.ok(Number(chart.highLoss) > Number(chart.lowLoss), 'the loss axis has the highest loss at the top, the lowest below');
    const text = await waitFor(async () => {
      const shown = await webviewText(hash);
      return shown?.includes('Loaded 2 training examples') && shown;
    }, { timeoutMs: WAIT_MS, what: 'the logs in the panel' });
    assert.match(text, /step 100 of 100 · last loss \d\.\d{4}/, 'the panel\'s loss: the last step\'s');
    assert.match(text, /What is the capital of Quux\?/, 'the dataset, as the server serves it');
    await screenshot('training-job-panel');

    // The same data and the server's defaults again: the deployment answers with the same job.
    const again = vscode.commands.executeCommand('scalarlm.trainAdaptor', uri);
    await waitFor(async () => (await workbenchText(FORM))?.includes('Start Training'), { timeoutMs: WAIT_MS, what: 'the form again' });
    await pressInQuickInput('Enter');
    await again;
    assert.equal((await sim.stats()).trainingJobs, jobsBefore + 1, 'one job on the server');
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes('already had this job'), { timeoutMs: WAIT_MS, what: 'the notification that it is the same job' });
  });

  it('changes max steps in the form, and says plainly when a cancel is written over and the job runs on', async () => {
    const uri = await workspaceFile('training/colours.jsonl', `${JSON.stringify({ input: 'Name a warm colour.', output: 'ochre' })}\n`);
    const training = vscode.commands.executeCommand('scalarlm.trainAdaptor', uri);
    await waitFor(async () => (await workbenchText(FORM))?.includes('Start Training'), { timeoutMs: WAIT_MS, what: 'the Train Adaptor form' });
    await typeInQuickInput('Max steps');
    await pressInQuickInput('Enter');
    // A long job (1000 steps of 50 ms), so it is still training when Cancel is pressed.
    await waitFor(async () => (await workbenchText('.quick-input-widget:not([style*="display: none"])'))?.includes('Empty: the server'), { timeoutMs: WAIT_MS, what: 'the Max steps input' });
    await typeInQuickInput('1000');
    await pressInQuickInput('Enter');
    await waitFor(async () => (await workbenchText(FORM))?.includes('Max steps: 1000'), { timeoutMs: WAIT_MS, what: 'the form with max steps 1000' });
    await pressInQuickInput('Enter');
    await training;

    const hash = await waitFor(async () => {
      const shown = await webviewText('Name a warm colour.');
      return shown && /[0-9a-f]{64}/.exec(shown)?.[0];
    }, { timeoutMs: WAIT_MS, what: 'the new job in its panel' });
    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="TRAINING"] #cancel:not([disabled])'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the job training, Cancel enabled' });
    await webviewClick(hash, '#cancel');
    const notice = await waitFor(async () => {
      const text = (await webviewQuery(hash, '#notice'))?.texts[0];
      return text?.startsWith(`Cancel requested for job ${hash}`) && text;
    }, { timeoutMs: WAIT_MS, what: 'the cancel outcome in the panel' });
    assert.match(notice, /current servers do not stop a running job for good[\s\S]*resubmits the job from its last checkpoint/);
  });
});

interface ChartAsShown {
  /** Every piece of text shown in the Loss section, with its drawn width over its width as plain text in the same font. */
  labels: { text: string; stretch: number }[];
  firstStep?: string;
  lastStep?: string;
  highLoss?: string;
  lowLoss?: string;
}

/** The loss chart as drawn: how wide each label is drawn against the same text unscaled, and the axes' labels. */
function lossChartAsShown(hash: string): Promise<ChartAsShown> {
  return webviewEval<ChartAsShown>(
    hash,
    `(() => {
      const section = document.querySelector('svg[data-points]').closest('section');
      const leaves = [...section.querySelectorAll('*')].filter((el) => el.children.length === 0 && el.textContent.trim() !== '' && el.tagName !== 'H2' && el.getClientRects().length > 0);
      const labels = leaves.map((el) => {
        const style = getComputedStyle(el);
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;white-space:pre;visibility:hidden';
        probe.style.font = style.font;
        probe.style.fontSize = style.fontSize;
        probe.style.fontFamily = style.fontFamily;
        probe.textContent = el.textContent;
        document.body.append(probe);
        const plain = probe.getBoundingClientRect().width;
        probe.remove();
        // The text's own box: an HTML label's element may be wider than its text (a flex item stretched).
        const range = document.createRange();
        range.selectNodeContents(el);
        const drawn = el instanceof SVGElement ? el.getBoundingClientRect() : range.getBoundingClientRect();
        return { text: el.textContent, stretch: drawn.width / plain };
      });
      const text = (selector) => section.querySelector(selector)?.textContent ?? undefined;
      return { labels, firstStep: text('.step-axis .first'), lastStep: text('.step-axis .last'), highLoss: text('.loss-axis .high'), lowLoss: text('.loss-axis .low') };
    })()`,
  );
}
