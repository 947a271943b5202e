import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { confinedTo, UNCONFINED } from '../../../../src/core/files/file-access';
import { cellsPreview } from '../../../../src/host/experiments/cells-preview';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { displayPath, fixturePath, readText } from './helpers';

const experiment = fixturePath('experiment', 'promptfooconfig.yaml');

function headings(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('## '));
}

describe('cells preview', () => {
  it('counts the cells, lists the problems, and shows the first cells rendered in reading order', async () => {
    const preview = await cellsPreview(experiment, { readText, access: UNCONFINED, trust: 'trusted', displayPath, limit: 8 });
    assert.deepEqual(preview.problems, []);
    assert.equal(preview.refusal, undefined);
    const lines = preview.text.split('\n');
    assert.deepEqual(lines.slice(0, 7), [
      '# Cells: experiment/promptfooconfig.yaml',
      '',
      '- Description: Capitals, two ways',
      '- 3 prompts × 2 providers × 3 tests = 18 cells; the first 8 below',
      '- Prompts: Answer briefly: {{question}}, prompts/capital.prompty, chat-style',
      "- Providers: scalarlm:base (the deployment's default model); adaptor (capitals-adaptor, max_tokens 64)",
      '',
    ]);
    assert.deepEqual(headings(preview.text), [
      '## Problems',
      '## 1. Answer briefly: {{question}} × scalarlm:base × France',
      '## 2. Answer briefly: {{question}} × adaptor × France',
      '## 3. prompts/capital.prompty × scalarlm:base × France',
      '## 4. prompts/capital.prompty × adaptor × France',
      '## 5. chat-style × scalarlm:base × France',
      '## 6. chat-style × adaptor × France',
      '## 7. Answer briefly: {{question}} × scalarlm:base × question=What is the capital of Italy?',
      '## 8. Answer briefly: {{question}} × adaptor × question=What is the capital of Italy?',
    ]);
    assert.match(preview.text, /## Problems\n\n- ignored experiment\/promptfooconfig\.yaml:13:1: `sharing` is not supported here and is ignored\n/);
    // An inline template, a mustache .prompty and a chat file, each rendered with the test's vars.
    assert.match(preview.text, /## 1\. [^\n]*\n\n- Test 1 \(experiment\/promptfooconfig\.yaml:15\)\n- Variables:\n {2}- question: "What is the capital of France\?"\n\n### text\n\n```text\nAnswer briefly: What is the capital of France\?\n```/);
    assert.match(preview.text, /## 2\. [^\n]*\n\nThe same prompt as cell 1\./);
    assert.match(preview.text, /## 3\. [^\n]*\n\n[^#]*### system\n\n```text\nAnswer in one word\.\n```\n\n### user\n\n```text\nWhat is the capital of France\?\n```/);
    assert.match(preview.text, /## 5\. [^\n]*\n\n[^#]*### system\n\n```text\nAnswer plainly\.\n```\n\n### user\n\n```text\nWhat is the capital of France\?\n```/);
    assert.match(preview.text, /## 7\. [^\n]*\n\n- Test 2 \(experiment\/cases\.csv:2\)/);
  });

  it('shows twenty cells unless told otherwise', async () => {
    const preview = await cellsPreview(experiment, { readText, access: UNCONFINED, trust: 'trusted', displayPath });
    assert.match(preview.text, /= 18 cells; the first 18 below/);
    assert.equal(headings(preview.text).filter((line) => /^## \d+\./.test(line)).length, 18);
  });

  it('in Restricted Mode refuses the Jinja2 cells and renders the mustache ones', async () => {
    const preview = await cellsPreview(experiment, { readText, access: UNCONFINED, trust: 'restricted', displayPath, limit: 6 });
    assert.ok(preview.refusal);
    assert.match(preview.text, /## 1\. [^\n]*\n\n[^#]*### Not rendered: this workspace is in Restricted Mode/);
    assert.match(preview.text, /## 3\. [^\n]*\n\n[^#]*### system\n\n```text\nAnswer in one word\.\n```/);
  });

  it('lists every error of a config that cannot run, located, for the editor too', async () => {
    const broken = fixturePath('broken', 'promptfooconfig.yaml');
    const preview = await cellsPreview(broken, { readText, access: UNCONFINED, trust: 'trusted', displayPath });
    assert.match(preview.text, /^# Cells: broken\/promptfooconfig\.yaml\n\nThe experiment cannot run: 1 error\.\n\n- error broken\/promptfooconfig\.yaml:2:5: `missing\.prompty` does not exist/);
    assert.equal(preview.problems.length, 1);
    assert.deepEqual({ ...preview.problems[0], detail: undefined }, { file: broken, line: 2, column: 5, severity: 'error', detail: undefined });
  });

  it('reads the files through readText, so unsaved editor text is what it shows', async () => {
    const edited = async (path: string): Promise<string> => (path === experiment ? (await readText(path)).replace('Answer briefly', 'Reply tersely') : readText(path));
    const preview = await cellsPreview(experiment, { readText: edited, access: UNCONFINED, trust: 'trusted', displayPath, limit: 1 });
    assert.match(preview.text, /```text\nReply tersely: What is the capital of France\?\n```/);
  });

  describe('in Restricted Mode, with a file outside the workspace', () => {
    const tmp = useTempDir();
    const write = fileWriter(tmp);
    const secret = 'SECRET-BESIDE-THE-WORKSPACE';
    const preview = (path: string) => cellsPreview(path, { readText, access: confinedTo([join(tmp.path, 'ws')]), trust: 'restricted', displayPath: (file) => file, limit: 4 });

    it('refuses a prompt file outside at its line, offers to trust the folder, and never shows it', async () => {
      write('outside.txt', secret);
      const config = write('ws/promptfooconfig.yaml', 'prompts:\n  - file://../outside.txt\nproviders: [scalarlm:base]\n');
      const shown = await preview(config);
      assert.match(shown.text, /The experiment cannot run: 1 error\.\n\n- error .*promptfooconfig\.yaml:2:5: `\.\.\/outside\.txt` is outside the workspace folder/);
      assert.equal(shown.refusal?.line, 2);
      assert.deepEqual(shown.problems.map((problem) => [problem.line, problem.severity]), [[2, 'error']]);
      assert.ok(!shown.text.includes(secret));
    });

    it('stops the tests at a var read from outside, offering to trust the folder', async () => {
      write('outside.txt', secret);
      const config = write('ws/promptfooconfig.yaml', 'prompts:\n  - "Q: {{ q }}"\nproviders: [scalarlm:base]\ntests:\n  - vars: {q: file://../outside.txt}\n');
      const shown = await preview(config);
      assert.match(shown.text, /- error .*promptfooconfig\.yaml:5: `file:\/\/\.\.\/outside\.txt` is outside the workspace folder .*\(the tests stop here\)/);
      assert.equal(shown.refusal?.line, 5);
      assert.ok(!shown.text.includes(secret));
    });
  });
});
