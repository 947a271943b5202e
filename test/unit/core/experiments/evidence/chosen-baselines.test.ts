// The runs folder's baselines.json: an experiment's baseline run by its source file, relative to the folder
// that holds the runs folder (so it reads the same in any clone), kept across writes, refused when damaged.

import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseBaseline, chosenBaseline, ChosenBaselinesError, experimentKey, readChosenBaselines } from '../../../../../src/core/experiments/evidence';
import { useTempDir } from '../../../helpers/temp-dir';

describe("the runs folder's chosen baselines", () => {
  const tmp = useTempDir();

  it('names an experiment relative to the folder of .scalarlm/runs, else by its absolute path', () => {
    const runs = join(tmp.path, 'project', '.scalarlm', 'runs');
    assert.equal(experimentKey(runs, join(tmp.path, 'project', 'evals', 'promptfooconfig.yaml')), 'evals/promptfooconfig.yaml');
    assert.equal(experimentKey(runs, join(tmp.path, 'elsewhere.yaml')), join(tmp.path, 'elsewhere.yaml'));
    assert.equal(experimentKey(join(tmp.path, 'storage'), join(tmp.path, 'project', 'a.yaml')), join(tmp.path, 'project', 'a.yaml'));
  });

  it('sets, replaces and clears one experiment\'s baseline, keeping the others', () => {
    const runs = join(tmp.path, '.scalarlm', 'runs');
    const [a, b] = [join(tmp.path, 'a.yaml'), join(tmp.path, 'b.yaml')];
    assert.equal(chosenBaseline(runs, a), undefined, 'none before any is chosen');
    chooseBaseline(runs, a, 'run-1');
    chooseBaseline(runs, b, 'run-2');
    chooseBaseline(runs, a, 'run-3');
    assert.deepEqual(readChosenBaselines(runs), { 'a.yaml': 'run-3', 'b.yaml': 'run-2' });
    chooseBaseline(runs, a, undefined);
    assert.equal(chosenBaseline(runs, a), undefined);
    assert.equal(chosenBaseline(runs, b), 'run-2');
    assert.deepEqual(JSON.parse(readFileSync(join(runs, 'baselines.json'), 'utf8')), { version: 1, baselines: { 'b.yaml': 'run-2' } });
  });

  it('refuses a damaged file, naming it and saying what to do', () => {
    const runs = join(tmp.path, 'runs');
    chooseBaseline(runs, join(tmp.path, 'a.yaml'), 'run-1');
    for (const text of ['{"version": 1, "baselines": ', '{"version": 2, "baselines": {}}', '{"version": 1, "baselines": {"a": 3}}']) {
      writeFileSync(join(runs, 'baselines.json'), text);
      assert.throws(() => readChosenBaselines(runs), (error: Error) => error instanceof ChosenBaselinesError && error.message.includes(join(runs, 'baselines.json')) && /Delete it/.test(error.message), text);
    }
  });
});
