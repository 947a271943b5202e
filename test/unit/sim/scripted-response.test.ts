// Scripted answers for tests of how clients show model output, and submission counts that survive a restart.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulatedCompletion, startSimulator } from '../../../src/sim';
import { post, results } from './helpers';

describe('sim: scripted responses and lasting submission counts', () => {
  it('answers exactly the text of [[sim:respond=...]] or the decoded [[sim:respond-b64=...]]', async () => {
    const sim = await startSimulator({ port: 0, zeroLatency: true });
    try {
      const html = '<img src=x onerror="window.pwned=1">';
      const link = '[click](javascript:window.pwned=2)';
      const reply = await post(sim, '/v1/generate', {
        prompts: [`a [[sim:respond=${html}]]`, `b [[sim:respond-b64=${Buffer.from(link).toString('base64')}]]`, 'plain'],
        max_tokens: 8,
      });
      const [first, second, third] = results(reply);
      assert.equal(first.response, html);
      assert.equal(second.response, link);
      assert.ok(third.response && third.response !== html);
    } finally {
      await sim.close();
    }
  });

  it('keeps generateSubmissions and enqueuedPrompts in --state-dir across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-counts-'));
    try {
      const first = await startSimulator({ port: 0, zeroLatency: true, stateDir: dir });
      await post(first, '/v1/generate', { prompts: ['one', 'two'], max_tokens: 4 });
      const before = first.stats();
      await first.close();
      const second = await startSimulator({ port: 0, zeroLatency: true, stateDir: dir });
      try {
        await post(second, '/v1/generate', { prompts: ['three'], max_tokens: 4 });
        const after = second.stats();
        assert.equal(after.enqueuedPrompts, 3);
        assert.equal(Object.keys(after.generateSubmissions).length, 2);
        for (const [group, count] of Object.entries(before.generateSubmissions)) assert.equal(after.generateSubmissions[group], count);
        assert.equal(after.requests['POST /v1/generate'], 1, 'request counts start afresh');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers differently with a trained adaptor than with the base model', async () => {
    const sim = await startSimulator({ port: 0, zeroLatency: true, exampleJobs: true });
    try {
      const adaptor = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
      const ask = async (model?: string) => results(await post(sim, '/v1/generate', { prompts: ['same prompt'], max_tokens: 12, ...(model ? { model } : {}) }))[0].response;
      assert.equal(await ask(), simulatedCompletion('same prompt', 12).text);
      assert.equal(await ask(adaptor), simulatedCompletion('same prompt', 12, 0, adaptor).text);
      assert.notEqual(await ask(adaptor), await ask());
    } finally {
      await sim.close();
    }
  });
});
