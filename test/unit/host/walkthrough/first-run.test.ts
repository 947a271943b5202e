// The walkthrough opens by itself once, for someone new, unless VS Code is told not to open walkthroughs.

import assert from 'node:assert/strict';
import { opensWalkthrough } from '../../../../src/host/walkthrough/first-run';

const NEW = { offeredBefore: false, deploymentSet: false, openOnInstall: true };

describe('first run walkthrough', () => {
  it('opens on the first activation for someone new', () => {
    assert.equal(opensWalkthrough(NEW), true);
  });

  it('does not open again once offered', () => {
    assert.equal(opensWalkthrough({ ...NEW, offeredBefore: true }), false);
  });

  it('does not open for someone who already set a deployment (an update, not a first install)', () => {
    assert.equal(opensWalkthrough({ ...NEW, deploymentSet: true }), false);
  });

  it('follows workbench.welcomePage.walkthroughs.openOnInstall', () => {
    assert.equal(opensWalkthrough({ ...NEW, openOnInstall: false }), false);
  });
});
