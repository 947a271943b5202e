// Prompt files that are not text, or prompts no model context could hold, are refused before anything is sent,
// at file:line (exit 2); a flag sends an overlong prompt anyway.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const posts = (sim: SimHandle) => sim.stats().requests['POST /v1/generate'] ?? 0;
/** The simulator's first example adaptor: sha256("test"). */
const ADAPTOR = createHash('sha256').update('test').digest('hex');

describe('prompt files that cannot be sent as they are', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const bytes = (name: string, data: Buffer) => {
    const path = join(tmp.path, name);
    writeFileSync(path, data);
    return path;
  };

  it('generate refuses a binary prompt file (a NUL byte) and one that is not UTF-8, at file:line', async () => {
    await withSimulator({}, async (sim) => {
      const nul = bytes('image.txt', Buffer.concat([Buffer.from('first line\n'), Buffer.from([0x89, 0x50, 0x00, 0x47]), Buffer.from('\n')]));
      const withNul = await cli(sim, ['generate', nul]);
      assert.equal(withNul.code, 2, withNul.stderr);
      assert.match(withNul.stderr, /image\.txt:2: the line holds a NUL byte: this is a binary file/);
      const latin1 = bytes('latin1.txt', Buffer.from('ok\nok\ncaf\xe9\n', 'latin1'));
      const notUtf8 = await cli(sim, ['generate', latin1]);
      assert.equal(notUtf8.code, 2);
      assert.match(notUtf8.stderr, /latin1\.txt:3: the line is not valid UTF-8/);
      assert.equal(posts(sim), 0);
    });
  });

  it('eval refuses a binary .prompty or prompt file a config names, at its own file:line', async () => {
    await withSimulator({}, async (sim) => {
      bytes('binary.prompty', Buffer.concat([Buffer.from('---\nname: x\n---\nuser:\n'), Buffer.from([0xff, 0xfe, 0x00, 0x01]), Buffer.from('\n')]));
      bytes('prompt.txt', Buffer.from([0x00, 0x00, 0x00]));
      write('rows.csv', 'name\nAda\n');
      for (const [prompt, where] of [['binary.prompty', /binary\.prompty:5: the line holds a NUL byte/], ['prompt.txt', /prompt\.txt:1: the line holds a NUL byte/]] as const) {
        const config = write('c.yaml', `prompts:\n  - file://${prompt}\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n`);
        const result = await cli(sim, ['eval', config]);
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, where);
      }
      assert.equal(posts(sim), 0);
    });
  });

  it('render refuses a binary .prompty at its file:line, as eval does, and prints nothing', async () => {
    bytes('binary.prompty', Buffer.concat([Buffer.from('---\nname: x\n---\nuser:\n'), Buffer.from([0xff, 0xfe, 0x00, 0x01]), Buffer.from('\n')]));
    const result = await runCli(['render', 'binary.prompty'], { cwd: tmp.path });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /binary\.prompty:5: the line holds a NUL byte: this is a binary file/);
    assert.equal(result.stdout, '');
  });

  it('render refuses a folder given as its FILE, as generate does, and prints nothing', async () => {
    mkdirSync(join(tmp.path, 'prompts.prompty'));
    const result = await runCli(['render', 'prompts.prompty'], { cwd: tmp.path });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /prompts\.prompty is a folder: give a prompt file in it/);
    assert.equal(result.stdout, '');
  });

  it("generate refuses a prompt longer than the model's context (max_model_len), unless --allow-long-prompts", async () => {
    await withSimulator({}, async (sim) => {
      const file = write('long.txt', `short one\n${'word '.repeat(10_000)}\n`);
      const refused = await cli(sim, ['generate', file]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /long\.txt:2: the prompt is about 12,500 tokens \(50,000 characters\), more than the model's context of 8,192 tokens \(max_model_len of .* from \/v1\/models\)/);
      assert.match(refused.stderr, /Nothing was sent\. --allow-long-prompts sends it anyway\./);
      assert.equal(posts(sim), 0);
      const sent = await cli(sim, ['generate', file, '--allow-long-prompts']);
      assert.notEqual(sent.code, 2, sent.stderr);
      assert.ok(posts(sim) > 0);
    });
  });

  it('counts max_tokens into the context: refuses before sending when prompt tokens and max_tokens exceed it, saying both', async () => {
    await withSimulator({}, async (sim) => {
      const short = write('short.txt', 'hello\n');
      const tooMany = await cli(sim, ['generate', short, '--max-tokens', '9000']);
      assert.equal(tooMany.code, 2, tooMany.stderr);
      assert.match(tooMany.stderr, /max_tokens 9,000 is more than the model's context of 8,192 tokens \(max_model_len of .* from \/v1\/models\): lower max_tokens below it\./);
      // 32,000 characters read as about 8,000 tokens: with 256 more for the answer, past 8,192.
      const near = write('near.txt', `${'x'.repeat(32_000)}\n`);
      const summed = await cli(sim, ['generate', near, '--max-tokens', '256']);
      assert.equal(summed.code, 2, summed.stderr);
      assert.match(summed.stderr, /near\.txt:1: the prompt is about 8,000 tokens \(32,000 characters\), and max_tokens 256 asks for as many more: 8,256, more than the model's context of 8,192 tokens .*\. Lower max_tokens to at most 192, or shorten the prompt\./);
      const config = write('mt.yaml', 'prompts:\n  - "Hi {{ x }}"\nproviders:\n  - id: scalarlm:base\n    config: {max_tokens: 9000}\ntests:\n  - vars: {x: 1}\n');
      const evaluated = await cli(sim, ['eval', config]);
      assert.equal(evaluated.code, 2, evaluated.stderr);
      assert.match(evaluated.stderr, /max_tokens 9,000 is more than the model's context of 8,192 tokens/);
      assert.equal(posts(sim), 0, 'nothing was sent');
      assert.equal((await cli(sim, ['generate', short, '--max-tokens', '64'])).code, 0, 'a request that fits is sent');
    });
  });

  it("takes an adaptor's context from its base model, as vLLM's LoRA cards say max_model_len null", async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const file = write('long.txt', `${'word '.repeat(10_000)}\n`);
      const refused = await cli(sim, ['generate', file, '--model', ADAPTOR]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /more than the model's context of 8,192 tokens \(max_model_len of tiny-random\/gemma-4-dense from \/v1\/models\)/);
      assert.equal(posts(sim), 0);
    });
  });

  it("eval refuses a cell longer than the model's context at its test's line, unless --allow-long-prompts", async () => {
    await withSimulator({}, async (sim) => {
      write('p.txt', 'Summarise: {{ text }}');
      write('rows.csv', `text\nshort\n${'word '.repeat(10_000)}\n`);
      const config = write('c.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const refused = await cli(sim, ['eval', config]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /rows\.csv:3: the prompt is about 12,503 tokens .* more than the model's context of 8,192 tokens/);
      assert.equal(posts(sim), 0);
      const sent = await cli(sim, ['eval', config, '--allow-long-prompts']);
      assert.notEqual(sent.code, 2, sent.stderr);
      assert.ok(posts(sim) > 0);
    });
  });
});
