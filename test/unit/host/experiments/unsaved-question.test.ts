// Before a run reads an experiment's files from disk (issue 17 item 11): unsaved changes with errors are a
// question (Save and Run / Run Saved / Cancel), clean ones are saved without one.

import assert from 'node:assert/strict';
import { unsavedQuestion } from '../../../../src/host/experiments/unsaved-question';

describe('unsaved experiment files', () => {
  it('asks nothing when the unsaved changes hold no error, or nothing is unsaved', () => {
    assert.equal(unsavedQuestion([]), undefined);
    assert.equal(unsavedQuestion([{ name: 'exp/promptfooconfig.yaml', errors: 0 }]), undefined);
  });

  it('says which file holds how many errors, and offers Save and Run, Run Saved and Cancel', () => {
    const question = unsavedQuestion([{ name: 'exp/promptfooconfig.yaml', errors: 2 }]);
    assert.equal(question?.title, 'exp/promptfooconfig.yaml has unsaved changes with 2 errors');
    assert.deepEqual(question?.choices.map((choice) => choice.answer), ['saveAndRun', 'runSaved', 'cancel']);
    assert.deepEqual(question?.choices.map((choice) => choice.label), ['Save and Run', 'Run Saved', 'Cancel']);
  });

  it('counts the files and errors when several hold some', () => {
    const question = unsavedQuestion([{ name: 'a.yaml', errors: 1 }, { name: 'b.txt', errors: 0 }, { name: 'c.prompty', errors: 2 }]);
    assert.equal(question?.title, '2 files have unsaved changes with 3 errors');
    assert.match(question?.choices[0].detail ?? '', /Saves 3 files/);
  });
});
