// The page helper: a small HTTP server in the runner through which tests inside the extension host ask for
// what only the page can give (a screenshot, the status bar and webviews as rendered, clicks and keys).
// Both runners serve it over their Playwright page; test/host/suite/helpers/page.ts is its client.
// JSON in and out; 404 when the thing asked about is not on screen. Frames come and go, so every call
// looks them up afresh.

import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CDPSession, Frame, Page } from 'playwright-core';
import { bodyText, documentContains, statusBarEntry } from './in-page';
import { FIGURES_DIR, README_IMAGES_DIR, SCREENSHOTS_DIR } from './paths';

export interface PageHelper {
  readonly url: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Handler = (page: Page, input: Json, query: URLSearchParams) => Promise<Json>;
/** The runner starts the helper before the host (whose environment carries its URL), so before the page. */
export type PageSource = () => Page | undefined;

const MAX_BODY_BYTES = 1_000_000;
/** Clicks wait this long for their element; a missing element is then an answer (404), not a hang. */
const ACTION_TIMEOUT_MS = 5_000;
const HOVER_TIMEOUT_MS = 5_000;
const FRAME_ATTEMPTS = 3;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The renderer's profile being taken, if one is. */
let profiling: CDPSession | undefined;

const routes: Record<string, Handler> = {
  'POST /screenshot': async (page, input) => {
    const name = requireString(input, 'name');
    // The README's images go to a folder of their own, which `npm run docs:images` copies into docs/images.
    const dir = input.dir === 'readme' ? README_IMAGES_DIR : SCREENSHOTS_DIR;
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${safeFileName(name)}.png`);
    await page.screenshot({ path, fullPage: true });
    return { path };
  },
  // The renderer's live JS heap: collected first, so garbage not yet collected does not count. Webviews are
  // same-origin frames here, in the workbench's renderer and heap: a panel's share is a difference of two readings.
  'POST /heap': async (page) => {
    const session = await page.context().newCDPSession(page);
    try {
      await session.send('HeapProfiler.collectGarbage');
      const { usedSize } = await session.send('Runtime.getHeapUsage');
      return { usedBytes: usedSize };
    } finally {
      await session.detach();
    }
  },
  // A CPU profile of the renderer (the workbench and its webviews, one thread here) from start to stop, written as
  // a .cpuprofile where the figures go: what a panel costs the page while a run goes (bench/extension-figures.ts).
  'POST /profile/start': async (page) => {
    if (profiling) throw new HttpError(409, 'the renderer is being profiled already');
    const session = await page.context().newCDPSession(page);
    await session.send('Profiler.enable');
    await session.send('Profiler.start');
    profiling = session;
    return {};
  },
  'POST /profile/stop': async (_page, input) => {
    const session = profiling;
    if (!session) throw new HttpError(409, 'the renderer is not being profiled');
    profiling = undefined;
    const { profile } = await session.send('Profiler.stop');
    await session.detach();
    mkdirSync(FIGURES_DIR, { recursive: true });
    const path = join(FIGURES_DIR, `${safeFileName(requireString(input, 'name'))}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    return { path };
  },
  'GET /statusbar': async (page, _input, query) => {
    const domId = query.get('id');
    if (!domId) throw new HttpError(400, 'id (the status bar entry DOM id) is required');
    const entry = await page.evaluate(statusBarEntry, domId);
    if (!entry) throw new HttpError(404, `no status bar entry with DOM id "${domId}"`);
    return query.get('tooltip') === '1' ? { ...entry, tooltip: await hoverText(page, domId) } : entry;
  },
  'POST /webview/text': (page, input) => inWebview(page, input, async (frame) => ({ text: await frame.evaluate(bodyText) })),
  'POST /webview/query': (page, input) =>
    inWebview(page, input, async (frame) => {
      const elements = frame.locator(requireString(input, 'selector'));
      return { texts: await elements.allInnerTexts(), count: await elements.count() };
    }),
  'POST /webview/click': (page, input) =>
    inWebview(page, input, async (frame) => {
      await clickFirst(frame, requireString(input, 'selector'));
      return {};
    }),
  'POST /webview/eval': (page, input) => inWebview(page, input, async (frame) => ({ value: await frame.evaluate(requireString(input, 'expression')) })),
  'POST /workbench/click': async (page, input) => {
    await clickFirst(page.mainFrame(), requireString(input, 'selector'), input.button === 'right' ? 'right' : 'left');
    return {};
  },
  'GET /workbench/text': async (page, _input, query) => {
    const selector = query.get('selector');
    if (!selector) throw new HttpError(400, 'selector is required');
    const [text] = await page.locator(selector).allInnerTexts(); // no auto-wait: callers poll
    if (text === undefined) throw new HttpError(404, `nothing in the workbench matches ${selector}`);
    return { text };
  },
  // The window's size, as a person resizes it: the workbench and its panels lay out again.
  'POST /viewport': async (page, input) => {
    const width = Number(input.width);
    const height = Number(input.height);
    if (!(width > 0 && height > 0)) throw new HttpError(400, 'width and height must be positive numbers');
    await page.setViewportSize({ width, height });
    return {};
  },
  'POST /keyboard': async (page, input) => {
    // Either one key or chord ({press: 'Enter'}), or text typed key by key ({type: 'hello'}).
    if (typeof input.type === 'string') await page.keyboard.type(input.type);
    else await page.keyboard.press(requireString(input, 'press'));
    return {};
  },
};

export async function startPageHelper(pageSource: PageSource): Promise<PageHelper> {
  const server = createServer((request, response) => void handle(pageSource, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(pageSource: PageSource, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const url = new URL(request.url ?? '/', 'http://helper');
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) throw new HttpError(404, `no route ${request.method} ${url.pathname}`);
    const page = pageSource();
    if (!page) throw new HttpError(503, 'the workbench page is not open yet');
    const input = request.method === 'POST' ? await readJson(request) : {};
    reply(response, 200, await route(page, input, url.searchParams));
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500;
    reply(response, status, { error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Runs `action` in the webview that shows `contains`. A webview replaces its frame whenever its HTML is set,
 * so a frame found a moment ago may be gone: then the lookup starts again.
 */
async function inWebview(page: Page, input: Json, action: (frame: Frame) => Promise<Json>): Promise<Json> {
  const contains = requireString(input, 'contains');
  for (let attempt = 1; ; attempt++) {
    const frame = await webviewFrame(page, contains);
    try {
      return await action(frame);
    } catch (error) {
      if (attempt >= FRAME_ATTEMPTS || !frame.isDetached()) throw error;
    }
  }
}

/** The innermost frame of a webview (VS Code nests its content in pre/fake.html) that shows `contains`. */
async function webviewFrame(page: Page, contains: string): Promise<Frame> {
  for (const frame of page.frames()) {
    if (!isWebviewContent(frame)) continue;
    const matches = await frame.evaluate(documentContains, contains).catch(() => false); // detached meanwhile
    if (matches) return frame;
  }
  throw new HttpError(404, `no webview shows "${contains}"`);
}

function isWebviewContent(frame: Frame): boolean {
  try {
    return new URL(frame.url()).pathname.endsWith('/fake.html');
  } catch {
    return false; // about:blank and the like
  }
}

/** `button` right: the context menu, as a person opens it. */
async function clickFirst(frame: Frame, selector: string, button: 'left' | 'right' = 'left'): Promise<void> {
  const element = frame.locator(selector).first();
  try {
    await element.click({ timeout: ACTION_TIMEOUT_MS, button });
  } catch (error) {
    if ((await element.count()) === 0) throw new HttpError(404, `nothing matches ${selector}`);
    throw error;
  }
}

/**
 * Status bar tooltips are custom hovers, in the DOM only while the pointer rests on the entry.
 * Undefined when none shows up in time: the entry has no tooltip.
 */
async function hoverText(page: Page, domId: string): Promise<string | undefined> {
  const hover = page.locator('.workbench-hover').first();
  await page.locator(`[id="${domId.replace(/["\\]/g, '\\$&')}"]`).hover({ timeout: ACTION_TIMEOUT_MS });
  try {
    const shown = await hover.waitFor({ state: 'visible', timeout: HOVER_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    return shown ? await hover.innerText() : undefined;
  } finally {
    await page.mouse.move(0, 0); // leave the hover so it does not cover the next screenshot
  }
}

function requireString(input: Json, key: string): string {
  const value = input[key];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `${key} must be a non-empty string`);
  return value;
}

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '').slice(0, 120) || 'screenshot';
}

async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('expected a JSON object');
    return value as Json;
  } catch (error) {
    throw new HttpError(400, `bad JSON body: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function reply(response: ServerResponse, status: number, body: Json): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
