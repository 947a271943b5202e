// A provider added to an experiment file as one text edit: the file otherwise unchanged (comments, quoting),
// the new item in the list's own style, and the result read back as the providers it should have.

import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { addedProviderEdit } from '../../../../../src/core/experiments/config';

const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function applied(text: string, provider: { id: string; label?: string }): string {
  const result = addedProviderEdit(text, provider);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  const { offset, length, text: inserted } = result.edit;
  return text.slice(0, offset) + inserted + text.slice(offset + length);
}

describe('addedProviderEdit', () => {
  it('adds a block item at the indentation of the others, after the last one, comments kept', () => {
    const text = 'prompts:\n  - "Hi {{ x }}"\nproviders:\n    # the base\n    - id: scalarlm:base\n      label: base   # kept\n\ntests:\n  - vars: {x: 1}\n';
    const out = applied(text, { id: `scalarlm:${ADAPTOR}`, label: 'tuned' });
    assert.equal(out, `prompts:\n  - "Hi {{ x }}"\nproviders:\n    # the base\n    - id: scalarlm:base\n      label: base   # kept\n    - id: scalarlm:${ADAPTOR}\n      label: tuned\n\ntests:\n  - vars: {x: 1}\n`);
    assert.deepEqual(parse(out).providers, [{ id: 'scalarlm:base', label: 'base' }, { id: `scalarlm:${ADAPTOR}`, label: 'tuned' }]);
  });

  it('adds an entry to a flow list, a list to a single id, and a list with the base to a file without providers', () => {
    assert.deepEqual(parse(applied('providers: [scalarlm:base]\ntests: []\n', { id: 'scalarlm:x', label: 'a: b' })).providers, ['scalarlm:base', { id: 'scalarlm:x', label: 'a: b' }]);
    assert.deepEqual(parse(applied('providers: scalarlm:base\n', { id: 'scalarlm:x' })).providers, ['scalarlm:base', { id: 'scalarlm:x' }]);
    const none = applied('prompts: [hi]\ntests:\n  - vars: {}', { id: 'scalarlm:x', label: 'yes' });
    assert.deepEqual(parse(none), { prompts: ['hi'], tests: [{ vars: {} }], providers: ['scalarlm:base', { id: 'scalarlm:x', label: 'yes' }] });
  });

  it('refuses a file that is not valid YAML or whose providers are not a list', () => {
    const broken = addedProviderEdit('providers: [\n', { id: 'scalarlm:x' });
    assert.ok(!broken.ok && /not valid YAML/.test(broken.problem));
    const keyed = addedProviderEdit('providers:\n  scalarlm:base: {}\n', { id: 'scalarlm:x' });
    assert.ok(!keyed.ok && /not a list/.test(keyed.problem));
  });
});
