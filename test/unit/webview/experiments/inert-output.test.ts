import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellLine, cellPreview, repeatLine } from '../../../../src/webview/experiments/cell-text';
import { markdownToHtml } from '../../../../src/webview/shared/markdown';
import { SANITIZE_POLICY } from '../../../../src/webview/shared/sanitize-policy';
import { cell, HOSTILE_OUTPUTS } from './fixtures';

// Model output is untrusted. In the grid it is text: the cell's strings go in as textContent, so markup
// shows as the characters it is made of. In the detail pane it is that text again (Raw), or markdown
// rendered with HTML off and then sanitized by DOMPurify (Rendered). The DOM side is checked here by
// reading the page's sources (these tests run on Node, without a DOM), the strings by running them.

const SOURCES = join(__dirname, '../../../../../src/webview');

function source(path: string): string {
  return readFileSync(join(SOURCES, path), 'utf8');
}

function experimentSources(): { file: string; text: string }[] {
  return readdirSync(join(SOURCES, 'experiments'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: source(join('experiments', file)) }));
}

describe('experiments webview: hostile model output stays inert', () => {
  it('reaches the grid as the characters it is made of', () => {
    for (const output of HOSTILE_OUTPUTS) {
      const line = cellLine(cell(0, 0, { output }));
      assert.equal(line.kind, 'output');
      assert.equal(line.text, cellPreview(output));
      // Nothing is escaped or stripped: as textContent the markup shows, and runs nowhere.
      assert.ok(output.startsWith(line.text.split('\n')[0]), `${JSON.stringify(line.text)} is the start of ${JSON.stringify(output)}`);
      assert.equal(repeatLine(cell(0, 0, { output })).text.includes('\n'), false);
    }
    assert.equal(cellLine(cell(0, 0, { status: 'error', output: null, error: HOSTILE_OUTPUTS[1] })).text, HOSTILE_OUTPUTS[1]);
  });

  it('renders as markdown with no active element, handler or script link in the detail pane', () => {
    for (const output of HOSTILE_OUTPUTS) {
      const html = markdownToHtml(output);
      for (const [tag, name] of html.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)) {
        assert.ok(SANITIZE_POLICY.ALLOWED_TAGS.includes(name.toLowerCase()), `<${name}> from ${JSON.stringify(output)}: ${html}`);
        assert.doesNotMatch(tag, /\son[a-z]+\s*=/i, `a handler in ${tag}`);
        assert.doesNotMatch(tag, /javascript:/i, `a script link in ${tag}`);
      }
    }
    // The markup is still there to read, as text.
    assert.match(markdownToHtml(HOSTILE_OUTPUTS[0]), /&lt;script&gt;window\.pwned = 1&lt;\/script&gt;/);
    assert.match(markdownToHtml(HOSTILE_OUTPUTS[4]), /<h1>Title<\/h1>/);
  });

  it('never becomes HTML in the page: no innerHTML or other HTML parsing in its code', () => {
    const htmlSinks = /\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|srcdoc|setAttribute\(\s*['"]on|\.on[a-z]+\s*=(?!=)/;
    const files = [...experimentSources(), ...['output-view.ts', 'detail-parts.ts', 'dom.ts', 'count-chips.ts', 'search-box.ts', 'action-toolbar.ts', 'run-header.ts', 'virtual-rows.ts'].map((file) => ({ file: `shared/${file}`, text: source(join('shared', file)) }))];
    assert.ok(files.length > 10, `${files.length} files read`);
    for (const { file, text } of files) assert.doesNotMatch(text, htmlSinks, file);
  });

  it('goes through the sanitizer only in the detail pane, never in the grid', () => {
    for (const { file, text } of experimentSources()) {
      // Only the shared output view renders markdown; the experiment page never reaches for it directly.
      assert.doesNotMatch(text, /from '[^']*(safe-markdown|shared\/markdown)'/, file);
      const usesOutputView = /shared\/output-view'/.test(text) && /createOutputView/.test(text);
      assert.equal(usesOutputView, file === 'detail-view.ts', `${file} ${usesOutputView ? 'renders' : 'does not render'} markdown`);
    }
    const outputView = source('shared/output-view.ts');
    assert.match(outputView, /body\.replaceChildren\(markdown\.renderMarkdownFragment\(text\)\)/, 'rendered through the markdown renderer bundle');
    assert.match(outputView, /element\('pre', 'response-raw', text\)/, 'raw text goes in as textContent (also until the renderer has loaded)');
    // The renderer bundle hands the page safe-markdown's renderer: markdown-it, then DOMPurify.
    assert.match(source('markdown/main.ts'), /import \{ renderMarkdownFragment \} from '\.\.\/shared\/safe-markdown';/);
  });
});
