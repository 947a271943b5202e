// scalarlm-lab eval --provider: a column added for one run, beside the file's own. Only its cells are sent: the
// other columns' groups keep their boundaries (content-defined, per column), so the server holds them from the
// run before and they are fetched. The simulator counts the POST /v1/generate calls.

import assert from 'node:assert/strict';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { submissionCounts, withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

/** The simulator's first example adaptor (exampleJobs): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const posts = (sim: SimHandle) => sim.stats().requests['POST /v1/generate'] ?? 0;

describe('scalarlm-lab eval --provider', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const evalCli = (sim: SimHandle, argv: string[]) => runCli(['eval', ...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });

  function experiment(): string {
    write('rows.csv', 'item\n' + Array.from({ length: 150 }, (_, i) => `item number ${i}`).join('\n') + '\n');
    return write('c.yaml', 'prompts:\n  - "Summarise {{ item }}."\n  - "List {{ item }}."\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
  }

  it('sends only the added column\'s groups: the base columns\' groups are the same batches, fetched', async function () {
    this.timeout(60_000);
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const config = experiment();
      const first = await evalCli(sim, [config]);
      assert.equal(first.code, 0, first.stderr);
      const baseGroups = posts(sim);
      assert.ok(baseGroups >= 4, `${baseGroups} groups for 300 cells`);

      const added = await evalCli(sim, [config, '--provider', `scalarlm:${ADAPTOR}`, '--provider-label', 'tuned']);
      assert.equal(added.code, 0, added.stderr);
      assert.match(added.stderr, /4 columns \(.* × tuned via batch/);
      // The adaptor's two columns hold the same prompts as the base's, so they are cut into as many groups.
      assert.equal(posts(sim), 2 * baseGroups, 'only the added columns\' groups were sent');
      assert.match(added.stderr, /600 cells: 600 ok; 300 sent, 300 fetched rather than sent/);
      assert.ok(submissionCounts(sim).every((n) => n === 1), 'no group was sent twice');
      assert.match(added.stdout, /× tuned/);
    });
  });

  it('refuses a provider that is not scalarlm:, a label the file has, and --provider-label alone, with exit 2', async () => {
    await withSimulator({}, async (sim) => {
      const config = experiment();
      const other = await evalCli(sim, [config, '--provider', 'openai:gpt-4']);
      assert.equal(other.code, 2);
      assert.match(other.stderr, /--provider: provider `openai:gpt-4` cannot be run here/);
      const twice = await evalCli(sim, [config, '--provider', 'scalarlm:base']);
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /already has a provider `scalarlm:base`/);
      const labelOnly = await evalCli(sim, [config, '--provider-label', 'x']);
      assert.equal(labelOnly.code, 2);
      assert.equal(posts(sim), 0);
    });
  });
});
