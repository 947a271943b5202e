// Records what promptfoo itself sends for each fidelity fixture (test/fixtures/fidelity/promptfoo/<case>/), as
// golden.json beside it: the facts the differential tests compare `scalarlm-lab render` with. promptfoo is not
// a dependency: install it in a scratch folder of its own and name that folder.
//
//   node scripts/fidelity-golden.mjs /tmp/pf [case ...]
//
// Each config is run with promptfoo's `echo` provider (its answer is the prompt it was sent), so a cell's
// output is exactly the prompt promptfoo rendered, and its assertions' verdicts show how it rendered them.
// A fixture with `refused.json` beside it is one this project refuses: it gets no golden file.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';

const [promptfooDir, ...only] = process.argv.slice(2);
if (!promptfooDir) {
  console.error('usage: node scripts/fidelity-golden.mjs PROMPTFOO_INSTALL_DIR [case ...]');
  process.exit(2);
}
const root = resolve('test/fixtures/fidelity/promptfoo');
const version = JSON.parse(readFileSync(join(promptfooDir, 'node_modules/promptfoo/package.json'), 'utf8')).version;

for (const name of only.length > 0 ? only : readdirSync(root)) {
  const dir = join(root, name);
  if (existsSync(join(dir, 'refused.json'))) continue;
  const config = parse(readFileSync(join(dir, 'promptfooconfig.yaml'), 'utf8'));
  // Every provider answers with its prompt; a provider's label and `prompts` are kept.
  config.providers = (Array.isArray(config.providers) ? config.providers : [config.providers]).map((provider) => (typeof provider === 'object' ? { ...provider, id: 'echo', config: undefined } : 'echo'));
  const echoConfig = join(dir, '.echo-config.yaml');
  const out = join(dir, '.echo-out.json');
  writeFileSync(echoConfig, stringify(config));
  try {
    execFileSync('npx', ['promptfoo', 'eval', '-c', echoConfig, '--no-cache', '--no-table', '-o', out], { cwd: promptfooDir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PROMPTFOO_DISABLE_TELEMETRY: '1' } });
  } catch {
    // promptfoo exits 100 when an assertion fails; the output is what matters.
  }
  const results = JSON.parse(readFileSync(out, 'utf8')).results.results;
  const cells = results
    .map((result) => ({
      test: result.testIdx,
      prompt: result.promptIdx,
      sent: result.response?.output ?? null,
      ...(result.error ? { error: result.error } : {}),
      assert: (result.gradingResult?.componentResults ?? []).map((component) => ({ type: component.assertion?.type, pass: component.pass })),
      ...(result.testCase?.threshold !== undefined ? { threshold: result.testCase.threshold } : {}),
    }))
    .sort((a, b) => a.test - b.test || a.prompt - b.prompt);
  writeFileSync(join(dir, 'golden.json'), JSON.stringify({ promptfoo: version, cells }, null, 2) + '\n');
  rmSync(echoConfig);
  rmSync(out);
  console.log(`${name}: ${cells.length} cells`);
}
