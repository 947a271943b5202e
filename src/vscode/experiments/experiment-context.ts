// Context keys for the menus: `scalarlm.isExperimentFile` says whether the active editor holds an experiment
// file (any YAML with `prompts` and `tests` or `providers`), and `scalarlm.experimentFiles` lists the paths
// of open ones, so the explorer's menu shows the experiment commands on them too (promptfooconfig.yaml is
// known by its name alone).

import * as vscode from 'vscode';
import { DisposableStore } from '../../host/dispose';
import { KeyedDebounce } from '../../host/experiments/keyed-debounce';
import { isExperimentDocument } from '../prompt-files/prompt-documents';

export const IS_EXPERIMENT_FILE = 'scalarlm.isExperimentFile';
export const EXPERIMENT_FILES = 'scalarlm.experimentFiles';

const UPDATE_DELAY_MS = 150;

export class ExperimentContext implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly experiments = new Set<string>();
  private readonly debounce = this.disposables.add(new KeyedDebounce<vscode.TextDocument>(UPDATE_DELAY_MS, (document) => this.update(document)));
  private active: boolean | undefined;
  private listed = '';

  constructor() {
    this.disposables.add(vscode.window.onDidChangeActiveTextEditor(() => this.publish()));
    this.disposables.add(vscode.workspace.onDidOpenTextDocument((document) => this.update(document)));
    this.disposables.add(vscode.workspace.onDidChangeTextDocument(({ document }) => this.debounce.schedule(document)));
    this.disposables.add(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.debounce.cancel(document);
        if (this.experiments.delete(document.uri.fsPath)) this.publish();
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.update(document);
    this.publish();
  }

  private update(document: vscode.TextDocument): void {
    if (document.uri.scheme !== 'file') return;
    const was = this.experiments.has(document.uri.fsPath);
    const is = isExperimentDocument(document);
    if (was === is) return;
    if (is) this.experiments.add(document.uri.fsPath);
    else this.experiments.delete(document.uri.fsPath);
    this.publish();
  }

  /** Sets the keys only when they change: each setContext is a round trip to the workbench. */
  private publish(): void {
    const document = vscode.window.activeTextEditor?.document;
    const active = document !== undefined && document.uri.scheme === 'file' && this.experiments.has(document.uri.fsPath);
    if (active !== this.active) {
      this.active = active;
      void vscode.commands.executeCommand('setContext', IS_EXPERIMENT_FILE, active);
    }
    const listed = JSON.stringify([...this.experiments].sort());
    if (listed !== this.listed) {
      this.listed = listed;
      void vscode.commands.executeCommand('setContext', EXPERIMENT_FILES, [...this.experiments].sort());
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
