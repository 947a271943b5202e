// Copies the README's images, as the last host test run took them (test-results/screenshots/readme/), into
// docs/images; refuses when an image the README shows was not taken, so a renamed test cannot leave the
// README pointing at a stale picture. Run `npm run test:host` (or a --grep of the tests that take them) first.

import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const taken = join(root, 'test-results', 'screenshots', 'readme');
const target = join(root, 'docs', 'images');
const shown = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/\]\(docs\/images\/([\w.-]+\.png)\)/g)].map((match) => match[1]);
const missing = shown.filter((name) => !existsSync(join(taken, name)));
if (missing.length > 0) {
  console.error(`Not taken by the last host test run (in ${taken}): ${missing.join(', ')}. Run npm run test:host first.`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const name of shown) copyFileSync(join(taken, name), join(target, name));
console.log(`Copied ${shown.length} README images into docs/images: ${shown.join(', ')}`);
