import * as assert from 'node:assert/strict';
import { runSimCommand } from '../../../src/sim/cli';
import { PassThrough } from 'node:stream';
import { post, results, useSimulator } from './helpers';

describe('sim: [[sim:embedding=N]] (protocol §9)', () => {
  const sim = useSimulator({ zeroLatency: true });

  it('answers a /v1/generate prompt with N numbers of unit length, the same for the same prompt', async () => {
    const rows = results(await post(sim(), '/v1/generate', { prompts: ['embed me [[sim:embedding=5]]', 'embed me [[sim:embedding]]', 'plain text'], max_tokens: 8 }));
    const [five, byDefault, text] = rows.map((row) => row.response as unknown);
    assert.ok(Array.isArray(five) && five.length === 5 && five.every((n) => typeof n === 'number'), JSON.stringify(five));
    assert.ok(Math.abs(Math.hypot(...(five as number[])) - 1) < 1e-5, 'unit length');
    assert.ok(Array.isArray(byDefault) && byDefault.length === 8, 'eight numbers without N');
    assert.equal(typeof text, 'string');
    const again = results(await post(sim(), '/v1/generate', { prompts: ['embed me [[sim:embedding=5]]'], max_tokens: 9 }));
    assert.deepEqual(again[0].response, five);
  });

  it('keeps the vector in the response file the request browser shows, with the prompt tokens', async () => {
    const [row] = results(await post(sim(), '/v1/generate', { prompts: ['browse [[sim:embedding=3]]'], max_tokens: 8 }));
    const group = String(row.request_id).split('_')[0];
    const detail = (await (await fetch(`${sim().url}/v1/generate/request/${group}`)).json()) as { response: { results: Record<string, { response: unknown; completion_tokens: number }> } };
    const stored = detail.response.results[String(row.request_id)];
    assert.deepEqual(stored.response, row.response);
    assert.equal(stored.completion_tokens, 0);
  });

  it('leaves chat alone: a chat message with the marker is answered with text', async () => {
    const reply = await post(sim(), '/v1/chat/completions', { messages: [{ role: 'user', content: 'chat [[sim:embedding=4]]' }], stream: false, max_tokens: 8 });
    const body = JSON.parse(reply.text.trim()) as { choices: { message: { content: unknown } }[] };
    assert.equal(typeof body.choices[0].message.content, 'string');
  });

  it('says so in sim --help', async () => {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    assert.equal(await runSimCommand(['--help'], { stdout, stderr: new PassThrough() }), 0);
    assert.match(text, /\[\[sim:embedding=N\]\] in a \/v1\/generate prompt answers it with a vector of N numbers \(default 8/);
  });
});
