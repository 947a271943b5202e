// The same files and the same choices give the same batch from the CLI and from the editor, group by group:
// both front ends only map their flags or settings onto the job planner's layers.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GenerateRequest } from '../../../../src/core/api/types';
import { explicitOverrides, generateCommand } from '../../../../src/cli/commands/generate';
import { parseCommandArgs } from '../../../../src/cli/command';
import { planBatch, type BatchJob } from '../../../../src/core/jobs/batch-job';
import { BATCH_DEFAULTS } from '../../../../src/core/batch/limits';
import { detectFormat } from '../../../../src/core/prompts/formats';
import { type PromptFormat } from '../../../../src/core/prompts/types';
import { configuredOverrides } from '../../../../src/host/batch/job-layers';
import { readSettings, type SettingKey } from '../../../../src/host/settings-schema';
import { useTempDir } from '../../helpers/temp-dir';

/** The request bodies the runner sends, group by group: consecutive prompts, groupSize at a time. */
async function bodies(job: BatchJob): Promise<GenerateRequest[]> {
  const groups: GenerateRequest[] = [];
  let prompts: GenerateRequest['prompts'] = [];
  for await (const { entry } of job.input()) {
    prompts.push(entry);
    if (prompts.length === job.groupSize) {
      groups.push({ prompts, ...job.params });
      prompts = [];
    }
  }
  if (prompts.length > 0) groups.push({ prompts, ...job.params });
  return groups;
}

/** The CLI's planning of `generate FILE ...flags`. */
async function cliJob(file: string, flags: string[]): Promise<BatchJob> {
  const args = parseCommandArgs(generateCommand, [file, ...flags]);
  const format = args.values.format as PromptFormat | undefined;
  return planBatch({ kind: 'file', path: file, displayName: file, ...(format ? { format } : {}) }, { explicit: explicitOverrides(args) });
}

/** The editor's planning of "Generate from File" with these settings (and, for ambiguous text, the user's answer). */
async function editorJob(file: string, settings: Partial<Record<SettingKey, unknown>>, answer?: PromptFormat): Promise<BatchJob> {
  const text = readFileSync(file, 'utf8');
  const guess = detectFormat(file, text);
  const format = guess.ambiguous ? answer : guess.format;
  assert.ok(format, 'an ambiguous file needs the answer the editor asks for');
  const read = readSettings((key) => settings[key]);
  return planBatch({ kind: 'text', text, fileName: file, uri: pathToFileURL(file).toString(), format }, { configured: configuredOverrides(read) });
}

async function assertSameBatch(cli: BatchJob, editor: BatchJob): Promise<GenerateRequest[]> {
  const [fromCli, fromEditor] = [await bodies(cli), await bodies(editor)];
  assert.deepEqual(fromEditor, fromCli);
  assert.deepEqual([editor.maxInFlight, editor.pauseAboveQueueDepth, editor.format], [cli.maxInFlight, cli.pauseAboveQueueDepth, cli.format]);
  return fromCli;
}

describe('one job for the CLI and the editor', () => {
  const tmp = useTempDir();
  const write = (name: string, text: string) => {
    const path = join(tmp.path, name);
    writeFileSync(path, text);
    return path;
  };

  it('a JSONL file with defaults on both sides: the same groups, max_tokens 256, no temperature', async () => {
    const file = write('prompts.jsonl', Array.from({ length: 300 }, (_, i) => JSON.stringify(i % 3 ? `p${i}` : { prompt: `q${i}` })).join('\n'));
    const sent = await assertSameBatch(await cliJob(file, []), await editorJob(file, {}));
    assert.deepEqual(sent.map((b) => b.prompts.length), [128, 128, 44]);
    assert.deepEqual(Object.keys(sent[0]).sort(), ['max_tokens', 'prompts']);
    assert.equal(sent[0].max_tokens, BATCH_DEFAULTS.maxTokens);
  });

  it('flags and settings that say the same thing: the same groups (temperature 0 is the server default, so not sent)', async () => {
    const file = write('more.jsonl', Array.from({ length: 20 }, (_, i) => JSON.stringify(`p${i}`)).join('\n'));
    const cli = await cliJob(file, ['--model', 'adaptor-1', '--max-tokens', '64', '--temperature', '0', '--group-size', '8', '--in-flight', '2', '--pause-above', '100']);
    const editor = await editorJob(file, { model: 'adaptor-1', maxTokens: 64, temperature: 0, 'batch.groupSize': 8, 'batch.maxInFlight': 2, 'batch.pauseAboveQueueDepth': 100 });
    const sent = await assertSameBatch(cli, editor);
    assert.deepEqual(sent[0], { prompts: sent[0].prompts, model: 'adaptor-1', max_tokens: 64 });
  });

  it('a GenerateRequest file wins over settings, and flags win over it', async () => {
    const file = write('request.json', JSON.stringify({ model: 'from-file', max_tokens: 12, temperature: 0.5, prompts: ['a', 'b'] }));
    const sent = await assertSameBatch(await cliJob(file, []), await editorJob(file, { model: 'from-settings', maxTokens: 99 }));
    assert.deepEqual(sent, [{ prompts: ['a', 'b'], model: 'from-file', max_tokens: 12, temperature: 0.5 }]);
    const flagged = await bodies(await cliJob(file, ['--model', 'from-flag']));
    assert.equal(flagged[0].model, 'from-flag');
  });

  it('warns the same way on both sides about settings the batch queue ignores', async () => {
    const file = write('warm.json', JSON.stringify({ temperature: 0.7, prompts: ['x'] }));
    const [cli, editor] = [await cliJob(file, []), await editorJob(file, {})];
    assert.deepEqual(editor.warnings, cli.warnings);
    assert.match(cli.warnings[0], /"temperature" will be sent, but current ScalarLM servers do not apply them/);
    const flagged = await cliJob(write('plain.jsonl', '"x"\n'), ['--temperature', '0.9']);
    assert.match(flagged.warnings.join('\n'), /"temperature" will be sent/);
  });

  it('a text file: --- separators make a document everywhere; several plain lines are lines unless the user says otherwise', async () => {
    const document = write('doc.txt', 'First prompt\nstill first\n---\nSecond prompt\n');
    const sent = await assertSameBatch(await cliJob(document, []), await editorJob(document, {}));
    assert.deepEqual(sent[0].prompts, ['First prompt\nstill first', 'Second prompt']);

    const ambiguous = write('notes.txt', 'one\ntwo\nthree\n');
    const asLines = await assertSameBatch(await cliJob(ambiguous, []), await editorJob(ambiguous, {}, 'lines'));
    assert.deepEqual(asLines[0].prompts, ['one', 'two', 'three']);
    assert.match((await cliJob(ambiguous, [])).warnings.join('\n'), /was read as one prompt per line \(3 prompts\)/);
    const asDocument = await assertSameBatch(await cliJob(ambiguous, ['--format', 'document']), await editorJob(ambiguous, {}, 'document'));
    assert.deepEqual(asDocument[0].prompts, ['one\ntwo\nthree']);
  });

  it('lists every bad line on both sides, and plans nothing', async () => {
    const file = write('bad.jsonl', ['"ok"', '{"prompt": 1}', '"fine"', '{"messages": "no"}'].join('\n'));
    const messages = async (plan: Promise<BatchJob>) => ((await plan.then(() => assert.fail('planned'), (error: Error) => error)) as Error).message;
    const [cli, editor] = [await messages(cliJob(file, [])), await messages(editorJob(file, {}))];
    assert.equal(editor, cli);
    assert.match(cli, /bad\.jsonl:2: "prompt" must be a non-empty string.*\n.*bad\.jsonl:4: "messages" must be .*\nNothing was sent: fix these lines and run again\.$/);
  });
});
