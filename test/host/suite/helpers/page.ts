// Typed calls to the runner's page helper (test/host/runner/page-helper-server.ts): what a person sees in
// the workbench and in webviews, screenshots, clicks and keys. Lookups answer undefined when the thing is
// not on screen (yet), so they compose with waitFor; actions on something missing throw.

import { HOST_ENV } from './host-env';
import { EXTENSION_ID } from './extension';

export interface StatusBarEntry {
  /** The label as rendered: codicons drop out, so "$(pulse) 3 queued" reads " 3 queued" trimmed. */
  text: string;
  /** The accessible label: the item's accessibilityInformation, else its text and tooltip. */
  ariaLabel: string;
  /** The hover's text, when asked for (a hover takes about a second); absent when none shows. */
  tooltip?: string;
}

export interface QueryResult {
  texts: string[];
  count: number;
}

/** Saves a full-page PNG under test-results/screenshots/ (or its readme/ folder: README images) and returns its path. */
export async function screenshot(name: string, options: { readme?: boolean } = {}): Promise<string> {
  return (await required<{ path: string }>('POST', '/screenshot', { name, ...(options.readme ? { dir: 'readme' } : {}) }, `screenshot "${name}"`)).path;
}

/** The workbench renderer's live JS heap after a garbage collection, webviews included (they share it here). */
export async function rendererHeapBytes(): Promise<number> {
  return (await required<{ usedBytes: number }>('POST', '/heap', {}, 'read the renderer heap')).usedBytes;
}

/** Starts a CPU profile of the renderer, or stops it and writes it as test-results/figures/NAME.cpuprofile. */
export async function profileRenderer(action: 'start' | 'stop', name?: string): Promise<void> {
  await required('POST', `/profile/${action}`, name ? { name } : {}, `${action} profiling the renderer`);
}

/**
 * A status bar entry, by the id given to createStatusBarItem. The workbench renders it with the DOM id
 * `<extension id>.<item id>` (for example scalarlm-prompt-lab.scalarlm-prompt-lab.scalarlm.queue);
 * `owner` is that extension id.
 */
export async function statusBarItem(itemId: string, options: { tooltip?: boolean; owner?: string } = {}): Promise<StatusBarEntry | undefined> {
  const query = new URLSearchParams({ id: `${options.owner ?? EXTENSION_ID}.${itemId}` });
  if (options.tooltip) query.set('tooltip', '1');
  return call<StatusBarEntry>('GET', `/statusbar?${query.toString()}`);
}

/** The text of the webview whose document shows `contains` (as text or in a data-* attribute). */
export async function webviewText(contains: string): Promise<string | undefined> {
  return (await call<{ text: string }>('POST', '/webview/text', { contains }))?.text;
}

export async function webviewQuery(contains: string, selector: string): Promise<QueryResult | undefined> {
  return call<QueryResult>('POST', '/webview/query', { contains, selector });
}

export async function webviewClick(contains: string, selector: string): Promise<void> {
  await required('POST', '/webview/click', { contains, selector }, `click ${selector} in the webview showing "${contains}"`);
}

/** Evaluates a JavaScript expression in the webview's page, as its own scripts would see it. */
export async function webviewEval<T = unknown>(contains: string, expression: string): Promise<T> {
  const result = await required<{ value?: T }>('POST', '/webview/eval', { contains, expression }, `evaluate in the webview showing "${contains}"`);
  return result.value as T;
}

/** innerText of the first workbench element matching `selector` (for example '.notifications-toasts'). */
export async function workbenchText(selector: string): Promise<string | undefined> {
  return (await call<{ text: string }>('GET', `/workbench/text?${new URLSearchParams({ selector }).toString()}`))?.text;
}

export async function workbenchClick(selector: string): Promise<void> {
  await required('POST', '/workbench/click', { selector }, `click ${selector} in the workbench`);
}

/** Right-clicks the first element matching `selector`: its context menu opens. */
export async function workbenchRightClick(selector: string): Promise<void> {
  await required('POST', '/workbench/click', { selector, button: 'right' }, `right-click ${selector} in the workbench`);
}

/** Resizes the browser window the workbench runs in (the runner opens it at 1280×800). */
export async function setWindowSize(width: number, height: number): Promise<void> {
  await required('POST', '/viewport', { width, height }, `resize the window to ${width}×${height}`);
}

/** A key or chord in Playwright's notation: 'Escape', 'Control+Shift+P'. */
export async function pressKey(press: string): Promise<void> {
  await required('POST', '/keyboard', { press }, `press ${press}`);
}

/** Types text into whatever has focus, key by key, as a person would. */
export async function typeText(text: string): Promise<void> {
  await required('POST', '/keyboard', { type: text }, `type "${text}"`);
}

async function required<T>(method: string, path: string, body: object, what: string): Promise<T> {
  const result = await call<T>(method, path, body);
  if (result === undefined) throw new Error(`Cannot ${what}: not on screen.`);
  return result;
}

async function call<T>(method: string, path: string, body?: object): Promise<T | undefined> {
  const base = process.env[HOST_ENV.helperUrl];
  if (!base) throw new Error(`${HOST_ENV.helperUrl} is not set: start the suite with a host-test runner.`);
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const payload = (await response.json()) as T & { error?: string };
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`Page helper ${method} ${path}: HTTP ${response.status}: ${payload.error ?? ''}`);
  return payload;
}
