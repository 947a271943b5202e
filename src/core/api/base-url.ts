// What a deployment's base URL must look like, checked the same way for a command-line flag, a setting and
// the client itself.

export type BaseUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

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
  return { ok: true, url };
}
