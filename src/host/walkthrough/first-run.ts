// When the Getting Started walkthrough opens by itself: on the first activation after a first install, for
// someone new. An update is not a first install: whoever already set a deployment is not new, and a user who
// turned VS Code's own "open walkthroughs on install" off is not asked either. No 'vscode' import, so the rule
// is unit-tested on Node.

export interface FirstRunFacts {
  /** The walkthrough was offered by an earlier activation (kept in the extension's global state). */
  offeredBefore: boolean;
  /** scalarlm.baseUrl is set in user or workspace settings. */
  deploymentSet: boolean;
  /** workbench.welcomePage.walkthroughs.openOnInstall */
  openOnInstall: boolean;
}

export function opensWalkthrough(facts: FirstRunFacts): boolean {
  return !facts.offeredBefore && !facts.deploymentSet && facts.openOnInstall;
}
