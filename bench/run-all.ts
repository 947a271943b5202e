// npm run bench: every benchmark, figures printed side by side. Never part of the pass/fail suite.
// Add --million for the 1,000,000-prompt run (a few minutes).

import { benchGenerate } from './generate-batch';
import { benchSse } from './sse-reader';

async function main(): Promise<void> {
  const million = process.argv.includes('--million');
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  await benchSse();
  await benchGenerate({ million });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
