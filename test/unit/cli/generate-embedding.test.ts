// scalarlm-lab generate prints an embedding's response as its vector (a JSON array), text as text.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines, runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab generate with embeddings', () => {
  const tmp = useTempDir();

  it('prints a vector response as an array of numbers, in the same line shape', async () => {
    await withSimulator({}, async (sim) => {
      const file = join(tmp.path, 'mixed.jsonl');
      const listLike = Buffer.from('[1, 2]').toString('base64');
      writeFileSync(file, ['"vector please [[sim:embedding=6]]"', '"words please"', `"a list in words [[sim:respond-b64=${listLike}]]"`].join('\n'));
      const result = await runCli(['generate', file, '--url', sim.url, '--max-tokens', '8'], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      const [vector, words, spaced] = jsonLines(result.stdout);
      assert.deepEqual(Object.keys(vector), ['index', 'request_id', 'status', 'response', 'error']);
      assert.ok(Array.isArray(vector.response) && vector.response.length === 6 && vector.response.every((n) => typeof n === 'number'), JSON.stringify(vector));
      assert.equal(typeof words.response, 'string');
      assert.equal(spaced.response, '[1, 2]', 'a text answer that looks like a list stays text');
    });
  });
});
