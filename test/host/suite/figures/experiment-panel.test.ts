// Figures of the experiment panel for bench/extension-figures.ts: 1,000 rows x 3 prompts x 2 models (6,000
// cells) on a fresh zero-latency simulator, from the command to the first rendered cells and to the run's end
// in the panel, beside `scalarlm-lab eval` of the same experiment in the same run (alternating, each on cells
// new to the simulator, max_tokens 8 both).

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { alternately, hostCpu, inRounds, profileHost, runCli, stampWhenShown, writeFigures } from '../helpers/figures';
import { rendererHeapBytes, webviewEval } from '../helpers/page';
import { resetSettings, setSettings } from '../helpers/settings';
import { EXAMPLE_JOBS } from '../helpers/simulator';
import { workspaceFile } from '../helpers/workspace';

const EXPERIMENT = 'scalarlm-experiment';
const ROWS = 1000;
/** The simulator's first example adaptor (EXAMPLE_JOBS): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const COMPLETE = `document.querySelector('main').dataset.phase === 'complete'`;
const FIRST_CELLS = `document.querySelector('.cell[data-status="ok"]') !== null`;

/** The experiment in `dir` of the workspace, its prompts made new to the simulator by `salt`; returns its config. */
async function writeExperiment(dir: string, salt: string): Promise<vscode.Uri> {
  for (let p = 0; p < 3; p++) await workspaceFile(`${dir}/p${p}.txt`, `Version ${p} (${salt}): tell {{ name }} one fact about {{ topic }}.`);
  await workspaceFile(`${dir}/rows.csv`, 'name,topic\n' + Array.from({ length: ROWS }, (_, i) => `Person ${i},topic ${i % 101}`).join('\n') + '\n');
  const providers = ['base', ADAPTOR].map((id) => `  - id: scalarlm:${id}\n    config:\n      max_tokens: 8\n`).join('');
  return workspaceFile(`${dir}/promptfooconfig.yaml`, `prompts:\n  - file://p0.txt\n  - file://p1.txt\n  - file://p2.txt\nproviders:\n${providers}tests: file://rows.csv\n`);
}

async function editorRun(config: vscode.Uri, name: string) {
  const heapBefore = await rendererHeapBytes();
  const profile = await profileHost(name);
  const cpu = hostCpu();
  const startedAt = Date.now();
  await vscode.commands.executeCommand('scalarlm.runExperiment', config);
  const firstCells = await stampWhenShown(EXPERIMENT, 'main', FIRST_CELLS, 120_000);
  const complete = await stampWhenShown(EXPERIMENT, 'main', COMPLETE, 120_000);
  const completeMs = (await complete()) - startedAt;
  const firstCellsMs = (await firstCells()) - startedAt;
  const hostCpuMs = cpu();
  await profile.stop();
  const rendered = await webviewEval<number>(EXPERIMENT, `document.querySelectorAll('.matrix-row').length`);
  assert.ok(rendered > 0 && rendered < 100, `only the visible rows are in the DOM (${rendered})`);
  const messages = Number(await webviewEval<string>(EXPERIMENT, `document.querySelector('main').dataset.messages`));
  return { firstCellsMs, completeMs, hostCpuMs, renderedRows: rendered, messages, webviewHeapMb: ((await rendererHeapBytes()) - heapBefore) / 2 ** 20 };
}

describe('figures: the experiment panel with 6,000 cells, beside eval', () => {
  it('records the command to the first cells and to the run complete in the panel, and eval of the same experiment', async function () {
    this.timeout(900_000);
    const state = mkdtempSync(join(tmpdir(), 'figures-eval-'));
    const rounds: unknown[] = [];
    try {
      await inRounds(async (round, simUrl) => {
        await setSettings({ baseUrl: simUrl, 'batch.confirmAbove': 10_000 });
        const salt = `${process.pid}-${round}`;
        const editor = async () => editorRun(await writeExperiment(`figures-exp-editor-${round}`, `editor ${salt}`), `experiment-panel-${round}`);
        // eval keeps its runs in its state folder (read from the environment), out of the workspace.
        const cli = async () => runCli(['eval', (await writeExperiment(`figures-exp-cli-${round}`, `cli ${salt}`)).fsPath, '--url', simUrl], { XDG_STATE_HOME: state });
        const [measured, evaluated] = await alternately(round, editor, cli);
        rounds.push({ ...measured, eval: evaluated });
      }, [EXAMPLE_JOBS]);
    } finally {
      await resetSettings();
      rmSync(state, { recursive: true, force: true });
    }
    writeFigures('experiment-panel.json', { cells: ROWS * 6, rounds });
  });
});
