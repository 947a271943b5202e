// scalarlm-lab requests and request: the ids one prints, the other takes back (a prefix, a per-prompt id).

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../src/core/api/client';
import { listedIdLength, parseRequestArgument } from '../../../src/cli/request-ids';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';

/** Two batches (max_tokens 2, the default model) whose group ids share their first six characters, found by search. */
const SAME_PREFIX = { prompts: ['ambiguous 2727', 'ambiguous 6444'], prefix: '568375' };
/** A message naming a function (`parseRequestId(id)`) rather than saying what to do. */
const CALL_SYNTAX = /[A-Za-z_]\(/;

async function submit(sim: SimHandle, prompts: string[]): Promise<string[]> {
  const client = new ScalarLMClient({ baseUrl: sim.url });
  try {
    const ids: string[] = [];
    for (const prompt of prompts) ids.push(String((await client.generate({ prompts: [prompt], max_tokens: 2 })).data.results[0].request_id));
    return ids;
  } finally {
    await client.close();
  }
}

const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url]);

describe('scalarlm-lab requests and request: ids', () => {
  it('lists ids that request takes back, and shows the whole group', async () => {
    await withSimulator({}, async (sim) => {
      const ids = await submit(sim, ['first stored', 'second stored', 'third stored']);
      const listing = await cli(sim, ['requests']);
      assert.equal(listing.code, 0, listing.stderr);
      const listed = listing.stdout.trimEnd().split('\n').slice(1).map((line) => line.split(/\s+/)[0]);
      assert.equal(listed.length, 3);
      for (const short of listed) {
        assert.equal(short.length, 12);
        const shown = await cli(sim, ['request', short]);
        assert.equal(shown.code, 0, shown.stderr);
        const detail = JSON.parse(shown.stdout) as { request_id: string };
        assert.ok(detail.request_id.startsWith(short));
        assert.ok(ids.some((id) => id.startsWith(`${detail.request_id}_`)));
      }
    });
  });

  it('takes a full group id, an upper-case prefix, and a per-prompt id (for its group)', async () => {
    await withSimulator({}, async (sim) => {
      const [promptId] = await submit(sim, ['per-prompt']);
      const group = promptId.split('_')[0];
      for (const given of [group, group.slice(0, 6).toUpperCase(), promptId, `${group.slice(0, 8)}_000000000`]) {
        const shown = await cli(sim, ['request', given]);
        assert.equal(shown.code, 0, `${given}: ${shown.stderr}`);
        assert.equal((JSON.parse(shown.stdout) as { request_id: string }).request_id, group);
      }
    });
  });

  it('says when no request starts with a prefix, or no request has a full id', async () => {
    await withSimulator({}, async (sim) => {
      const [id] = await submit(sim, ['only one']);
      const absent = id.startsWith('ffffff') ? '000000' : 'ffffff';
      const none = await cli(sim, ['request', absent]);
      assert.equal(none.code, 1);
      assert.equal(none.stderr, `No request starts with ${absent} (the deployment has 1 stored). List them with: scalarlm-lab requests --all\n`);
      const missing = await cli(sim, ['request', 'f'.repeat(64)]);
      assert.equal(missing.code, 1);
      assert.equal(missing.stderr, `The deployment has no request ${'f'.repeat(64)}.\n`);
    });
  });

  it('lists the requests an ambiguous prefix matches, and takes a longer one', async () => {
    await withSimulator({}, async (sim) => {
      const ids = (await submit(sim, SAME_PREFIX.prompts)).map((id) => id.split('_')[0]);
      assert.ok(ids.every((id) => id.startsWith(SAME_PREFIX.prefix)), `the search result no longer holds: ${ids.join(', ')}`);
      const ambiguous = await cli(sim, ['request', SAME_PREFIX.prefix]);
      assert.equal(ambiguous.code, 2);
      assert.match(ambiguous.stderr, new RegExp(`^${SAME_PREFIX.prefix} is ambiguous: 2 requests start with it\\. Give more of the id`));
      for (const id of ids) assert.ok(ambiguous.stderr.includes(id), `${id} is listed`);

      let common = 0;
      while (ids[0][common] === ids[1][common]) common++;
      const longer = await cli(sim, ['request', ids[1].slice(0, common + 1)]);
      assert.equal(longer.code, 0, longer.stderr);
      assert.equal((JSON.parse(longer.stdout) as { request_id: string }).request_id, ids[1]);
    });
  });

  it('refuses what is no request id, in words that name no function', async () => {
    for (const given of ['abc12', 'not-hex-at-all', `${'a'.repeat(64)}_x`, 'a'.repeat(65)]) {
      const result = await runCli(['request', given]);
      assert.equal(result.code, 2, given);
      assert.match(result.stderr, new RegExp(`^"${given}" is not a request id\\. `));
      assert.doesNotMatch(result.stderr, CALL_SYNTAX);
    }
  });

  it('tells an older server without the request browser apart, for a prefix too', async () => {
    await withSimulator({ profile: 'legacy' }, async (sim) => {
      const result = await cli(sim, ['request', 'abcdef']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /too old to show stored requests/);
    });
  });

  it('lengthens the listed ids until the rows shown are told apart', () => {
    const a = `${'0123456789abcd'}${'0'.repeat(50)}`;
    const b = `${'0123456789abce'}${'0'.repeat(50)}`;
    assert.equal(listedIdLength([a, b]), 14);
    assert.equal(listedIdLength([a, `${'f'.repeat(64)}`]), 12);
    assert.equal(listedIdLength([]), 12);
  });

  it('reads the kinds of id', () => {
    const group = 'c'.repeat(64);
    assert.deepEqual(parseRequestArgument(` ${group.toUpperCase()} `), { kind: 'group', groupId: group });
    assert.deepEqual(parseRequestArgument(`${group}_000000003`), { kind: 'group', groupId: group });
    assert.deepEqual(parseRequestArgument('abcdef_12'), { kind: 'prefix', prefix: 'abcdef' });
    assert.throws(() => parseRequestArgument('abcde'), /at least 6/);
  });
});
