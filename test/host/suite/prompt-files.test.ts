// Prompt and experiment files in the editor: CodeLens where they belong (and following edits), the live
// preview beside the file (sample, test row, edits without saving), diagnostics while typing and from the
// preview's render, Preview Cells, and a chat or a comparison that starts from a rendered .prompty.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { EXAMPLE_JOBS, startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const CHAT = 'scalarlm-chat';
const SHOWN_MS = 10_000;

function folderUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'The host tests need a workspace folder.');
  return vscode.Uri.joinPath(folder, ...parts);
}

let copies = 0;

/** A fresh copy of a file of authoring/, beside it (so relative paths such as its sample still hold). */
async function copyOf(name: string): Promise<vscode.Uri> {
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(folderUri('authoring', name)));
  return workspaceFile(`authoring/copy-${++copies}-${name}`, text);
}

async function open(uri: vscode.Uri): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
}

async function lensesOf(uri: vscode.Uri, atLeast: number): Promise<vscode.CodeLens[]> {
  return waitFor(
    async () => {
      const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
      const ours = all.filter((lens) => lens.command?.command.startsWith('scalarlm.'));
      return ours.length >= atLeast && ours;
    },
    { timeoutMs: SHOWN_MS, what: `${atLeast} CodeLens on ${uri.path}` },
  );
}

function documentText(uri: vscode.Uri): string | undefined {
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.getText();
}

async function waitForText(uri: vscode.Uri, expected: string): Promise<string> {
  let last: string | undefined;
  return waitFor(() => ((last = documentText(uri))?.includes(expected) ? last : undefined), {
    timeoutMs: SHOWN_MS,
    what: `the preview to show ${JSON.stringify(expected)} (last: ${JSON.stringify(last?.slice(0, 400))})`,
  });
}

async function replaceInDocument(uri: vscode.Uri, from: string, to: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  const offset = document.getText().indexOf(from);
  assert.ok(offset >= 0, `${from} in ${uri.path}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + from.length)), to);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'ScalarLM');
}

async function waitForDiagnostic(uri: vscode.Uri, message: RegExp): Promise<vscode.Diagnostic> {
  return waitFor(() => ourDiagnostics(uri).find((diagnostic) => message.test(diagnostic.message)), {
    timeoutMs: SHOWN_MS,
    what: `a diagnostic ${message} on ${uri.path} (have: ${ourDiagnostics(uri).map((d) => d.message).join(' | ')})`,
  });
}

/** Saves every edited copy, so closing its editor asks nothing. */
async function closeEverything(): Promise<void> {
  await vscode.workspace.saveAll(false);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('notifications.clearAll');
}

describe('prompt files: CodeLens, live preview and diagnostics', () => {
  afterEach(closeEverything);

  it('puts the prompt actions above a .prompty body and the experiment actions above prompts:, and none on other YAML', async () => {
    const prompty = folderUri('authoring', 'greet.prompty');
    await open(prompty);
    const promptLenses = await lensesOf(prompty, 5);
    assert.deepEqual(
      promptLenses.map((lens) => [lens.range.start.line, lens.command?.title, lens.command?.command]),
      [
        [14, 'Run with Sample', 'scalarlm.runPromptWithSample'],
        [14, 'Run over Dataset…', 'scalarlm.runPromptOverDataset'],
        [14, 'Preview', 'scalarlm.previewPrompt'],
        [14, 'Chat', 'scalarlm.chatWithPrompt'],
        [14, 'Compare Models…', 'scalarlm.compareModels'],
      ],
    );
    assert.equal((await vscode.workspace.openTextDocument(prompty)).languageId, 'prompty');
    assert.ok(promptLenses.every((lens) => (lens.command?.arguments?.[0] as vscode.Uri).toString() === prompty.toString()));

    const experiment = await copyOf('promptfooconfig.yaml');
    await open(experiment);
    assert.deepEqual(
      (await lensesOf(experiment, 2)).map((lens) => [lens.range.start.line, lens.command?.title]),
      [
        [1, 'Run Experiment'],
        [1, 'Preview Cells'],
      ],
    );
    // The lenses follow the text as it is edited.
    await replaceInDocument(experiment, 'description:', '# greetings\ndescription:');
    await waitFor(async () => (await lensesOf(experiment, 2)).every((lens) => lens.range.start.line === 2), { timeoutMs: SHOWN_MS, what: 'the lenses to move down a line' });

    const notes = folderUri('authoring', 'notes.yaml');
    await open(notes);
    const onNotes = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', notes)) ?? [];
    assert.deepEqual(onNotes.filter((lens) => lens.command?.command.startsWith('scalarlm.')), []);
  });

  it('previews the rendered sample beside the file from its CodeLens, and follows edits without a save', async () => {
    const source = await copyOf('greet.prompty');
    await open(source);
    const preview = (await lensesOf(source, 5)).find((lens) => lens.command?.title === 'Preview')?.command;
    assert.ok(preview);
    const previewUri = await vscode.commands.executeCommand<vscode.Uri>(preview.command, ...(preview.arguments ?? []));
    const text = await waitForText(previewUri, '```text\nHi, I am Ada. Where should I eat tonight?\n```');
    assert.match(text, /^# Preview: authoring\/copy-\d+-greet\.prompty$/m);
    assert.match(text, /^- Variables: the sample in authoring\/greet\.sample\.json$/m);
    assert.match(text, /### system\n\n```text\nYou are a guide for Paris\.\n```/);
    assert.match(text, /^- Parameters: max_tokens 48, temperature 0$/m);
    const previewDocument = await vscode.workspace.openTextDocument(previewUri);
    assert.equal(previewDocument.languageId, 'markdown');
    assert.ok(vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === previewUri.toString()), 'the preview is on screen');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), source.toString(), 'the focus stays on the source');

    await replaceInDocument(source, 'Hi, I am', 'Hello there, I am');
    await waitForText(previewUri, '```text\nHello there, I am Ada. Where should I eat tonight?\n```');
    assert.ok((await vscode.workspace.openTextDocument(source)).isDirty, 'rendered from the unsaved text');

    // A test row instead of the sample, and back.
    await vscode.commands.executeCommand('scalarlm.previewUseTestRow', previewUri, folderUri('authoring', 'cases.csv'), 1);
    const row = await waitForText(previewUri, 'Hello there, I am Linus. Is the museum open on Mondays?');
    assert.match(row, /^- Variables: row 2 of authoring\/cases\.csv \(line 3\)$/m);
    const previewLenses = await lensesOf(previewUri, 2);
    assert.deepEqual(
      previewLenses.map((lens) => lens.command?.title),
      ['Use Test Row…', 'Use Sample'],
    );
    await vscode.commands.executeCommand('scalarlm.previewUseSample', previewUri);
    await waitForText(previewUri, 'Hello there, I am Ada.');
  });

  it('shows template errors as diagnostics at their line while typing, and what stopped the preview', async () => {
    const source = await copyOf('greet.prompty');
    await open(source);
    assert.deepEqual(ourDiagnostics(source), []);
    await replaceInDocument(source, '{{ question }}', '{{ question }}\nBye {{ name | tojsn }}');
    const filter = await waitForDiagnostic(source, /^unknown filter `tojsn`$/);
    assert.equal(filter.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(filter.range.start.line, 19);
    assert.equal((await vscode.workspace.openTextDocument(source)).getText(filter.range), 'tojsn');

    // A misspelt variable: not declared, and no value in the sample. One typo, one problem (issue 17: it was
    // a diagnostic per check that met it), named by its cause.
    await replaceInDocument(source, 'Bye {{ name | tojsn }}', 'Bye {{ nickname }}');
    const gap = await waitForDiagnostic(source, /^`nickname` is used but not declared under inputs$/);
    assert.equal(gap.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(gap.range.start.line, 19);
    const onTypoLine = () => ourDiagnostics(source).filter((diagnostic) => diagnostic.range.start.line === 19).map((diagnostic) => diagnostic.message);
    assert.deepEqual(onTypoLine(), [gap.message], 'one problem for one typo');
    await waitFor(() => !ourDiagnostics(source).some((diagnostic) => /tojsn/.test(diagnostic.message)), { timeoutMs: SHOWN_MS, what: 'the fixed error to go' });

    // The preview says what stopped it; on the file the typo stays one problem (issue 17: one typo gave a
    // diagnostic per check that met it), now an error, since the render it stopped failed.
    const previewUri = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewPrompt', source);
    const text = await waitForText(previewUri, '## Not rendered');
    assert.match(text, /:20:8: `nickname` is not defined; defined: city, name, question/);
    const rendered = await waitFor(() => ourDiagnostics(source).find((diagnostic) => diagnostic.range.start.line === 19 && diagnostic.severity === vscode.DiagnosticSeverity.Error), {
      timeoutMs: SHOWN_MS,
      what: `the typo as an error once the preview failed (have: ${ourDiagnostics(source).map((d) => d.message).join(' | ')})`,
    });
    assert.equal(rendered.message, gap.message);
    assert.deepEqual(onTypoLine(), [gap.message], 'still one problem for one typo');
  });

  it("reports an experiment file's ignored keys as information, and previews its cells", async () => {
    const experiment = await copyOf('promptfooconfig.yaml');
    await open(experiment);
    const ignored = await waitForDiagnostic(experiment, /^`sharing` is not supported here and is ignored$/);
    assert.equal(ignored.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(ignored.range.start.line, 6);

    const cells = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewCells', experiment);
    const text = await waitForText(cells, '2 prompts × 1 provider × 3 tests = 6 cells; the first 6 below');
    assert.match(text, /## 1\. Say hello to \{\{ name \}\}\. × scalarlm:base × name=Ada, question=Any tips\?\n[^#]*### text\n\n```text\nSay hello to Ada\.\n```/);
    assert.match(text, /## 2\. greet\.prompty × scalarlm:base × name=Ada, question=Any tips\?\n[^#]*### system\n\n```text\nYou are a guide for Paris\.\n```\n\n### user\n\n```text\nHi, I am Ada\. Any tips\?\n```/);
    assert.match(text, /## 6\. greet\.prompty × scalarlm:base × name=Linus/);

    await replaceInDocument(experiment, 'Say hello to', 'Wave at');
    await waitForText(cells, '```text\nWave at Ada.\n```');
  });
});

describe('prompt files: chat from a .prompty', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // Example jobs: Compare Models needs the adaptors beside the base model.
    sim = await startSimulatorProcess(['--zero-latency', EXAMPLE_JOBS]);
    await setSettings({ baseUrl: sim.url, model: '', 'chat.stream': true });
  });

  afterEach(async () => {
    await closeEverything();
    await waitFor(async () => (await webviewQuery(CHAT, 'main')) === undefined, { timeoutMs: SHOWN_MS, what: 'the chat panel to close' });
  });

  after(async () => {
    await resetSettings();
    await sim.stop();
  });

  async function firstTurn(column = 0): Promise<{ user: string; system: string | undefined; answer: string }> {
    const user = await waitFor(async () => (await webviewQuery(CHAT, '.turn[data-turn="0"] .user'))?.texts[0], { timeoutMs: SHOWN_MS, what: 'the first turn' });
    const answer = await waitFor(
      async () => (await webviewQuery(CHAT, `.answer[data-turn="0"][data-answer="${column}"][data-state="done"] .content`))?.texts[0],
      { timeoutMs: 20_000, what: `answer ${column} to finish` },
    );
    // The system prompt is the chat's system prompt control (in a collapsed <details>): its value.
    const system = await webviewEval<string | undefined>(CHAT, `document.querySelector('textarea[data-control="system"]')?.value || undefined`);
    return { user, system, answer };
  }

  it('Chat with Prompt opens a chat whose first turn is the rendered sample, its system message the system prompt', async () => {
    const source = folderUri('authoring', 'greet.prompty');
    await open(source);
    await vscode.commands.executeCommand('scalarlm.chatWithPrompt', source);
    const turn = await firstTurn();
    assert.equal(turn.user, 'Hi, I am Ada. Where should I eat tonight?');
    assert.equal(turn.system, 'You are a guide for Paris.');
    assert.ok(turn.answer.length > 0);
  });

  it('Compare Models starts from the .prompty its CodeLens names', async () => {
    const source = folderUri('authoring', 'greet.prompty');
    await open(source);
    const compare = (await lensesOf(source, 5)).find((lens) => lens.command?.title === 'Compare Models…')?.command;
    assert.ok(compare);
    const comparing = vscode.commands.executeCommand(compare.command, ...(compare.arguments ?? []));
    await waitFor(async () => /adaptor [0-9a-f]{8}/.test((await workbenchText('.quick-input-widget:visible')) ?? ''), { timeoutMs: SHOWN_MS, what: 'the model list, with the adaptors' });
    await workbenchClick('.quick-input-widget:visible .quick-input-check-all');
    await pressKey('Enter');
    await comparing;
    const turn = await firstTurn(1);
    assert.equal(turn.user, 'Hi, I am Ada. Where should I eat tonight?');
    const columns = (await webviewQuery(CHAT, '.answer[data-turn="0"]'))?.count ?? 0;
    assert.ok(columns >= 2, `${columns} columns`);
  });
});
