// A provider added to an experiment leaves the other columns' batch groups as they were: the same prompts cut at
// the same places (content-defined boundaries, per column), so the server's stored batches are found again.

import assert from 'node:assert/strict';
import { experimentCells, experimentColumns } from '../../../../src/core/experiments/experiment-cells';
import { addedProviderProblem, experimentFromConfig, type ExperimentSpec } from '../../../../src/core/experiments/experiment-spec';
import { specOf } from '../../../../src/core/experiments/run-experiment';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { UNCONFINED } from '../../../../src/core/files/file-access';

/** Each batch column's groups (by prompt × provider key), as the runner cuts them: at breakBefore or a params change. */
async function groupsOf(spec: ExperimentSpec): Promise<Map<string, string[][]>> {
  const { columns } = experimentColumns(spec, { defaultModel: 'base-model', maxTokens: 16 });
  const groups = new Map<string, string[][]>();
  for await (const input of experimentCells(spec, columns, { trust: 'trusted', maxGroup: 64 })) {
    const column = columns[input.cell![0]];
    const key = `${column.prompt.key} × ${column.providerKey}`;
    const list = groups.get(key) ?? [];
    if (input.breakBefore || list.length === 0) list.push([]);
    list[list.length - 1].push(String(input.entry));
    groups.set(key, list);
  }
  return groups;
}

describe('experiment groups when a column is added', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it("keeps every other column's groups, boundaries included", async () => {
    write('rows.csv', 'item\n' + Array.from({ length: 300 }, (_, i) => `item ${i}`).join('\n') + '\n');
    const config = write('c.yaml', 'prompts:\n  - "A {{ item }}"\n  - "B {{ item }}"\nproviders:\n  - scalarlm:base\n  - scalarlm:other\ntests: file://rows.csv\n');
    const before = await groupsOf(await experimentFromConfig(config, { access: UNCONFINED }));
    const after = await groupsOf(await experimentFromConfig(config, { access: UNCONFINED, addedProviders: [{ id: 'scalarlm:adaptor', label: 'tuned' }] }));
    assert.equal(after.size, before.size + 2);
    for (const [key, groups] of before) {
      assert.ok(groups.length > 4, `${key} has several groups`);
      assert.deepEqual(after.get(key), groups, key);
    }
  });

  it('takes the added provider up again from the run\'s origin (a resume renders the same columns), and refuses a key the file has', async () => {
    const config = write('c.yaml', 'prompts: ["A {{ x }}"]\nproviders: [scalarlm:base]\ntests:\n  - vars: {x: 1}\n');
    const spec = await specOf({ kind: 'config', path: config, addedProviders: [{ id: 'scalarlm:adaptor', label: 'tuned' }] }, { access: UNCONFINED });
    assert.deepEqual(spec.providers.map((p) => [p.key, p.model]), [['scalarlm:base', undefined], ['tuned', 'adaptor']]);
    assert.match(addedProviderProblem({ id: 'scalarlm:x', label: 'scalarlm:base' }, spec.providers) ?? '', /already has a provider `scalarlm:base`/);
    assert.equal(addedProviderProblem({ id: 'scalarlm:x', label: 'new' }, spec.providers), undefined);
  });
});
