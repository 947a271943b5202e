// What a deployment's base URL must look like, checked the same way for a command-line flag, a setting and
// the client itself. A URL ending in /v1 (copied from an OpenAI-style example) would make every call
// /v1/v1/…, a 404 each: the /v1 is dropped here, with a note the front ends show once.

export type BaseUrlCheck = { ok: true; url: URL; note?: string } | { ok: false; problem: string };

export function checkBaseUrl(text: string): BaseUrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'No deployment URL is set.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: `"${trimmed}" is not a URL: a deployment's base URL looks like http://localhost:8000.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `The deployment URL "${trimmed}" must start with http:// or https://.` };
  }
  if (url.search || url.hash) return { ok: false, problem: `The deployment URL "${trimmed}" must not carry a query or a fragment.` };
  if (/\/v1\/*$/.test(url.pathname)) {
    url.pathname = url.pathname.replace(/\/v1\/*$/, '') || '/';
    const base = url.origin + url.pathname.replace(/\/+$/, '');
    return { ok: true, url, note: `The deployment's base URL must not end in /v1 (every call adds it): using ${base}.` };
  }
  return { ok: true, url };
}
