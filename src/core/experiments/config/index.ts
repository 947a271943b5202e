// Experiment files: promptfoo's config (the subset in experiments.md) -> prompts, providers and tests with
// their lines; tests expanded (tests files streamed) with defaultTest merged in. Every problem is located.

export { addedProviderEdit, type AddedProviderEdit, type TextEdit } from './added-provider-edit';
export { assertionsAsJudged, readAssertions, type TestAssertions } from './assertions';
export { ConfigError, configProblem } from './config-error';
export { experimentSections, isExperimentConfig, type ExperimentSections } from './detect';
export { countTests, expandTestBatches, expandTests, type ExpandOptions } from './expand-tests';
export { checkExperimentConfigText, loadExperimentConfig } from './load-config';
export { providerRuns } from './prompt-filter';
export { parseProviderId, providerIdForm, type ProviderIdCheck } from './provider-id';
export type * from './types';
