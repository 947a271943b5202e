// The extension and the CLI ship esbuild bundles, where packages resolve to their ES module builds
// (mustache's exports only a default object there): the templates must work bundled, not only under tsc.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type * as Templates from '../../../../src/core/templates';

describe('templates in an esbuild bundle', function () {
  this.timeout(20_000);
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'scalarlm-templates-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('render Jinja2 and mustache', () => {
    const outfile = join(folder, 'templates.js');
    const result = buildSync({
      entryPoints: [join(__dirname, '..', '..', '..', '..', '..', 'src', 'core', 'templates', 'index.ts')],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      write: false,
      logLevel: 'silent',
    });
    assert.deepEqual(result.warnings, []);
    writeFileSync(outfile, result.outputFiles[0].text);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundled = require(outfile) as typeof Templates;
    const jinja = bundled.parsePrompty('system:\nBe {{ tone | upper }}.\nuser:\n{{ q }}', 'j.prompty');
    assert.deepEqual(bundled.renderTemplate(jinja, { tone: 'brief', q: 'hi' }, { trust: 'trusted' }), {
      kind: 'messages',
      messages: [
        { role: 'system', content: 'Be BRIEF.' },
        { role: 'user', content: 'hi' },
      ],
    });
    const mustache = bundled.parsePrompty('---\ntemplate: mustache\n---\n{{#items}}<{{.}}>{{/items}}', 'm.prompty');
    assert.deepEqual(bundled.renderTemplate(mustache, { items: ['a', 'b'] }, { trust: 'restricted' }), {
      kind: 'messages',
      messages: [{ role: 'system', content: '<a><b>' }],
    });
  });
});
