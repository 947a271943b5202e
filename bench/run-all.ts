// npm run bench: every benchmark, figures printed side by side. Never part of the pass/fail suite.
// Add --million for the 1,000,000-prompt run (about a minute), --host for the activation time measured in
// code-server (needs Chromium).

import { benchDatasets } from './datasets';
import { benchExperiments } from './experiments';
import { benchExtension } from './extension-figures';
import { benchGenerate } from './generate-batch';
import { benchTemplates } from './render-templates';
import { benchSse } from './sse-reader';

async function main(): Promise<void> {
  const million = process.argv.includes('--million');
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  await benchSse();
  await benchDatasets();
  benchTemplates();
  await benchGenerate({ million });
  await benchExperiments();
  await benchExtension({ host: process.argv.includes('--host') });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
