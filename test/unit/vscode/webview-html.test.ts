import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { webviewHtml, webviewResourceRoots } from '../../../src/vscode/webview-html';

/** Just enough of vscode.Uri for the HTML builder: a path that `with` can replace. */
class FakeUri {
  constructor(readonly path: string) {}
  with(change: { path: string }): FakeUri {
    return new FakeUri(change.path);
  }
  toString(): string {
    return `file://${this.path}`;
  }
}

const cspSource = 'https://*.vscode-cdn.net';
const webview = {
  cspSource,
  asWebviewUri: (uri: vscode.Uri) => ({ toString: () => `https://file+.vscode-resource.vscode-cdn.net${uri.path}` }) as vscode.Uri,
};
const extensionUri = new FakeUri('/ext') as unknown as vscode.Uri;

function build(options: Partial<Parameters<typeof webviewHtml>[0]> = {}): string {
  return webviewHtml({ webview, extensionUri, scriptName: 'metrics', stylesheets: ['metrics.css'], title: 'ScalarLM Queue', ...options });
}

describe('webview HTML', () => {
  it('has a strict policy: nothing by default, styles, images and fonts from the webview only, scripts by nonce', () => {
    const html = build();
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    assert.ok(nonce && Buffer.from(nonce, 'base64').length === 16, `a 128-bit base64 nonce in: ${policy}`);
    assert.equal(policy, `default-src 'none'; style-src ${cspSource}; img-src ${cspSource}; font-src ${cspSource}; script-src 'nonce-${nonce}'`);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  });

  it('loads the bundle and the stylesheets as webview files, and inlines no script or style', () => {
    const html = build();
    assert.match(html, /<script nonce="[^"]+" src="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/dist\/webview\/metrics\.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/media\/metrics\.css">/);
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.doesNotMatch(html, /<style|style=/);
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<meta charset="UTF-8">/);
    assert.match(html, /<meta name="viewport"/);
  });

  it('loads the bundles a page does without at first after its own, asynchronously, with the same nonce', () => {
    const html = build({ scriptName: 'chat', laterScripts: ['markdown'] });
    const scripts = [...html.matchAll(/<script nonce="([^"]+)"( async)? src="[^"]+\/dist\/webview\/(\w+)\.js"><\/script>/g)].map((m) => [m[3], m[2] === ' async', m[1]]);
    assert.deepEqual(scripts.map(([name, async]) => [name, async]), [['chat', false], ['markdown', true]]);
    assert.equal(scripts[0][2], scripts[1][2]);
    assert.equal(html.match(/<script/g)?.length, 2);
  });

  it('uses a new nonce for every page', () => {
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    assert.notEqual(nonceOf(build()), nonceOf(build()));
  });

  it('escapes the title and body attribute values, and refuses a bad attribute name', () => {
    const html = build({ title: 'a <b> & "c"', bodyAttributes: { 'data-run': '"><script>' } });
    assert.match(html, /<title>a &lt;b&gt; &amp; &quot;c&quot;<\/title>/);
    assert.match(html, /<body data-run="&quot;&gt;&lt;script&gt;">/);
    assert.throws(() => build({ bodyAttributes: { 'onload="x"': '' } }), /Not a valid HTML attribute name/);
  });

  it('lets the webview load from the bundles and media folders only', () => {
    assert.deepEqual(webviewResourceRoots(extensionUri).map((uri) => uri.path), ['/ext/dist/webview', '/ext/media']);
  });
});
