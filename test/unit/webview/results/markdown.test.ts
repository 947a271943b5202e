import * as assert from 'node:assert/strict';
import { markdownToHtml, SAFE_URI } from '../../../../src/webview/shared/markdown';
import { SANITIZE_POLICY } from '../../../../src/webview/shared/sanitize-policy';

describe('results webview: markdown of model output', () => {
  it('escapes HTML in the text instead of rendering it', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n<img src=x onerror="window.pwned=1">');
    assert.ok(!html.includes('<script') && !html.includes('<img'), html);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), html);
  });

  it('drops links to javascript:, data: and relative targets, keeping their text', () => {
    for (const target of ['javascript:window.pwned=2', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', 'relative/page.md']) {
      const html = markdownToHtml(`[x](${target})`);
      assert.ok(!html.includes('<a'), `${target}: ${html}`);
    }
  });

  it('keeps web and mail links', () => {
    assert.match(markdownToHtml('[docs](https://example.com/a)'), /<a href="https:\/\/example.com\/a">docs<\/a>/);
    assert.match(markdownToHtml('[me](mailto:a@b.c)'), /<a href="mailto:a@b.c">me<\/a>/);
  });

  it('does not turn bare URLs into links', () => {
    assert.ok(!markdownToHtml('see https://example.com').includes('<a'));
  });

  it('renders no images, which would be remote resources', () => {
    const html = markdownToHtml('![chart](https://example.com/chart.png)');
    assert.ok(!html.includes('<img'), html);
  });

  it('aligns table cells with the align attribute, never an inline style the CSP would block', () => {
    const html = markdownToHtml('| a | b |\n|--:|:-:|\n| 1 | 2 |');
    assert.ok(!html.includes('style='), html);
    assert.match(html, /<th align="right">a<\/th>/);
    assert.match(html, /<td align="center">2<\/td>/);
  });

  it('renders ordinary markdown', () => {
    assert.equal(markdownToHtml('# Title\n\n*em* and `code`'), '<h1>Title</h1>\n<p><em>em</em> and <code>code</code></p>\n');
  });

  describe('the DOMPurify policy', () => {
    it('allows only http(s) and mailto targets', () => {
      assert.ok(SAFE_URI.test('https://a.b') && SAFE_URI.test('HTTP://a.b') && SAFE_URI.test('mailto:x@y.z'));
      for (const uri of ['javascript:x', ' javascript:x', 'data:x', '//evil.example', '#top', 'vscode:extension/x']) assert.equal(SAFE_URI.test(uri), false, uri);
      assert.equal(SANITIZE_POLICY.ALLOWED_URI_REGEXP, SAFE_URI);
    });

    it('lets through no active, embedding or styling elements and no handler or style attributes', () => {
      for (const tag of ['script', 'style', 'img', 'svg', 'math', 'iframe', 'object', 'embed', 'form', 'input', 'link', 'meta', 'base']) {
        assert.ok(!SANITIZE_POLICY.ALLOWED_TAGS.includes(tag), tag);
      }
      assert.deepEqual(SANITIZE_POLICY.ALLOWED_ATTR.filter((name) => name === 'style' || name === 'class' || name === 'id' || name.startsWith('on')), []);
    });

    it('holds only link targets to the URI rule, so a list start or a cell alignment is kept', () => {
      // DOMPurify checks every attribute it does not know to be plain text against ALLOWED_URI_REGEXP.
      assert.deepEqual(SANITIZE_POLICY.ALLOWED_ATTR.filter((name) => !SANITIZE_POLICY.ADD_URI_SAFE_ATTR.includes(name)), ['href']);
    });

    it('keeps every tag and attribute the markdown renderer produces', () => {
      const html = markdownToHtml('# h\n\n1. a\n\n---\n\n> q\n\n~~s~~ **b** *i* `c`\n\n```\npre\n```\n\n3. x\n\n| a | b |\n|--:|---|\n| 1 | 2 |\n\n[l](https://x.y "t")\nline  \nbreak');
      const tags = new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]));
      const attributes = new Set([...html.matchAll(/ ([a-z]+)="/g)].map((match) => match[1]));
      for (const tag of tags) assert.ok(SANITIZE_POLICY.ALLOWED_TAGS.includes(tag), `tag ${tag}`);
      for (const attribute of attributes) assert.ok(SANITIZE_POLICY.ALLOWED_ATTR.includes(attribute), `attribute ${attribute}`);
    });
  });
});
