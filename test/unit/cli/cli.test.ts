// scalarlm-lab commands, run in-process against the simulator.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulatedCompletion, type SimHandle } from '../../../src/sim';
import { jsonLines, runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab', () => {
  const tmp = useTempDir();
  const cli = (sim: SimHandle, argv: string[], stdin?: string) => runCli([...argv, '--url', sim.url], { stdin, env: { XDG_STATE_HOME: tmp.path } });

  describe('generate', () => {
    it('writes one JSONL line per prompt, in input order, and exits 0 when all are ok', async () => {
      await withSimulator({}, async (sim) => {
        const file = join(tmp.path, 'prompts.jsonl');
        writeFileSync(file, ['"one"', '{"prompt": "two"}', '', '{"messages": [{"role": "user", "content": "three"}]}'].join('\n'));
        const result = await cli(sim, ['generate', file, '--max-tokens', '12', '--model', 'tiny-random/gemma-4-dense']);
        assert.equal(result.code, 0, result.stderr);
        const lines = jsonLines(result.stdout);
        assert.deepEqual(lines.map((l) => [l.index, l.status]), [[0, 'ok'], [1, 'ok'], [2, 'ok']]);
        assert.equal(lines[0].response, simulatedCompletion('one', 12).text);
        assert.deepEqual(Object.keys(lines[0]), ['index', 'request_id', 'status', 'response', 'error']);
        assert.match(result.stderr, /3 prompts: 3 ok/);
      });
    });

    it("asks the deployment's model list once (the context check and the run's model share it)", async () => {
      await withSimulator({}, async (sim) => {
        const file = join(tmp.path, 'prompts.txt');
        writeFileSync(file, 'one\ntwo\n');
        const result = await cli(sim, ['generate', file, '--out', join(tmp.path, 'out.jsonl')]);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(sim.stats().requests['GET /v1/models'], 1);
      });
    });

    it('reads one prompt per line from text on stdin, and writes --out', async () => {
      await withSimulator({}, async (sim) => {
        const out = join(tmp.path, 'out.jsonl');
        const result = await cli(sim, ['generate', '-', '--out', out], 'first prompt\nsecond prompt\n');
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout, '');
        assert.equal(jsonLines(readFileSync(out, 'utf8')).length, 2);
      });
    });

    it('exits 3 when some prompts fail, keeping the server text', async () => {
      await withSimulator({}, async (sim) => {
        const file = join(tmp.path, 'p.txt');
        writeFileSync(file, 'fine\nbroken [[sim:item-error=AssertionError]]\n');
        const result = await cli(sim, ['generate', file]);
        assert.equal(result.code, 3);
        const lines = jsonLines(result.stdout);
        assert.deepEqual([lines[1].status, lines[1].error], ['error', 'AssertionError']);
      });
    });

    it('names file and line of invalid input, exits 2 and submits nothing', async () => {
      await withSimulator({}, async (sim) => {
        const file = join(tmp.path, 'prompts.jsonl');
        const lines = Array.from({ length: 20 }, (_, i) => JSON.stringify(`prompt ${i}`));
        lines[13] = '{"prompt": 42}';
        writeFileSync(file, lines.join('\n'));
        const result = await cli(sim, ['generate', file]);
        assert.equal(result.code, 2);
        assert.match(result.stderr, /prompts\.jsonl:14: /);
        assert.match(result.stderr, /Nothing was sent: fix this line and run again\./);
        assert.equal(sim.stats().enqueuedPrompts, 0);
      });
    });

    it('exits 1 with an actionable message when the deployment is unreachable', async () => {
      const file = join(tmp.path, 'p.txt');
      writeFileSync(file, 'hello\n');
      const result = await runCli(['generate', file, '--url', 'http://127.0.0.1:9'], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /127\.0\.0\.1:9/);
      // In the command line's words: its flag and variable, not the editor's setting.
      assert.match(result.stderr, /Check the base URL \(--url, or \$SCALARLM_API_URL\), or start the local simulator with `scalarlm-lab sim`/);
      assert.doesNotMatch(result.stderr, /scalarlm\.baseUrl/);
    });

    it('exits 2 on bad flags', async () => {
      const result = await runCli(['generate', '--group-size', '500', 'x']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /--group-size must be a whole number .*at most 128/);
    });
  });

  describe('chat', () => {
    it('streams the answer to stdout and timings to stderr', async () => {
      await withSimulator({}, async (sim) => {
        const result = await cli(sim, ['chat', '--message', 'Hello there', '--max-tokens', '10']);
        assert.equal(result.code, 0, result.stderr);
        assert.ok(result.stdout.trim().length > 0);
        assert.match(result.stderr, /first token .* prompt \+ \d+ completion tokens/);
      });
    });

    it("prints a reasoning model's thinking on stderr, its answer on stdout, and names the model in --json", async () => {
      await withSimulator({}, async (sim) => {
        const result = await cli(sim, ['chat', '--message', 'Think first [[sim:reasoning]]', '--max-tokens', '24']);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /^thinking: \S.*\n/m);
        const record = JSON.parse((await cli(sim, ['chat', '--message', 'Think first [[sim:reasoning]]', '--max-tokens', '24', '--json'])).stdout);
        assert.ok(record.reasoning.length > 0);
        assert.equal(record.model, 'tiny-random/gemma-4-dense');
        assert.ok(!result.stdout.includes(record.reasoning.trim()), 'the thinking is not in the answer');
      });
    });

    it('goes through the queue with --no-stream', async () => {
      await withSimulator({ zeroLatency: false, tokensPerSecond: 100 }, async (sim) => {
        const file = join(tmp.path, 'chat.json');
        writeFileSync(file, JSON.stringify({ messages: [{ role: 'user', content: 'queued hello' }] }));
        const result = await cli(sim, ['chat', file, '--no-stream', '--json']);
        assert.equal(result.code, 0, result.stderr);
        const record = JSON.parse(result.stdout);
        assert.deepEqual([record.state, typeof record.content, record.usage.completionTokens > 0], ['done', 'string', true]);
        assert.ok(record.content.length > 0);
        // The whole answer comes at once after the queue's wait: no "first token" to time, and the model that answered named.
        assert.equal(record.timeToFirstTokenMs, undefined);
        assert.equal(record.model, 'tiny-random/gemma-4-dense');
        const text = await cli(sim, ['chat', file, '--no-stream']);
        assert.doesNotMatch(text.stderr, /first token/);
        assert.match(text.stderr, /total /);
      });
    });

    it('reports an SSE error event with the server text and exits 3', async () => {
      await withSimulator({}, async (sim) => {
        const result = await cli(sim, ['chat', '--message', 'hi', '--model', 'nope']);
        assert.equal(result.code, 3);
        assert.match(result.stderr, /Failed to create chat completions/);
      });
    });
  });

  describe('queue and server commands', () => {
    it('metrics prints the queue, --json the normalised shape', async () => {
      await withSimulator({}, async (sim) => {
        const text = await cli(sim, ['metrics']);
        assert.equal(text.code, 0, text.stderr);
        assert.match(text.stdout, /Queue depth\s+0/);
        const json = await cli(sim, ['metrics', '--json']);
        assert.equal(JSON.parse(json.stdout).queueDepth, 0);
      });
    });

    it('models lists the base model and adaptors', async () => {
      await withSimulator({ exampleJobs: true }, async (sim) => {
        const result = await cli(sim, ['models']);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /tiny-random\/gemma-4-dense\s+base model/);
        assert.match(result.stdout, /adaptor of tiny-random\/gemma-4-dense/);
      });
    });

    it('health shows each component', async () => {
      await withSimulator({}, async (sim) => {
        const result = await cli(sim, ['health']);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /vllm\s+up/);
      });
    });

    it('requests and request browse what was submitted; older servers get a clear message', async () => {
      await withSimulator({}, async (sim) => {
        const file = join(tmp.path, 'p.txt');
        writeFileSync(file, 'browse me\n');
        await cli(sim, ['generate', file]);
        const list = await cli(sim, ['requests', '--json']);
        const [row] = JSON.parse(list.stdout).rows;
        assert.equal(row.prompt_preview, 'browse me');
        const detail = await cli(sim, ['request', row.request_id]);
        assert.equal(JSON.parse(detail.stdout).request_id, row.request_id);
      });
      await withSimulator({ profile: 'legacy' }, async (sim) => {
        const result = await cli(sim, ['request', 'a'.repeat(64)]);
        assert.equal(result.code, 1);
        assert.match(result.stderr, /too old/);
      });
    });

    it('prints help for every command and exits 2 on an unknown one', async () => {
      for (const name of ['generate', 'chat', 'metrics', 'models', 'health', 'requests', 'request']) {
        const result = await runCli([name, '--help']);
        assert.equal(result.code, 0);
        assert.match(result.stdout, new RegExp(`Usage: scalarlm-lab ${name}`));
      }
      const unknown = await runCli(['frobnicate']);
      assert.equal(unknown.code, 2);
    });
  });
});
