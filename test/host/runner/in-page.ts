// Functions that Playwright serialises and runs inside the workbench page or a webview frame. They may use
// only their argument and the page's globals; the declarations below type those globals without the DOM lib.

interface InPageElement {
  readonly id: string;
  readonly innerText: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  querySelectorAll(selector: string): ArrayLike<InPageElement>;
}

declare const document: { readonly body: InPageElement | null; getElementById(id: string): InPageElement | null };

/**
 * Whether a webview's document holds `contains` in a data-* attribute or shows it as text. Attributes first:
 * panels are found by their data-view, and innerText lays the page out, which a test polling while a panel is
 * measured would otherwise make the renderer do every time.
 */
export function documentContains(contains: string): boolean {
  const body = document.body;
  if (!body) return false;
  for (const element of [body, ...Array.from(body.querySelectorAll('*'))]) {
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.name.startsWith('data-') && attribute.value.includes(contains)) return true;
    }
  }
  return body.innerText.includes(contains);
}

export function bodyText(): string {
  return document.body?.innerText ?? '';
}

/** The rendered label of a status bar entry, or null when the workbench does not show it. */
export function statusBarEntry(domId: string): { text: string; ariaLabel: string } | null {
  const entry = document.getElementById(domId);
  if (!entry) return null;
  const label = entry.querySelectorAll('.statusbar-item-label')[0] ?? entry;
  const ariaLabel = Array.from(entry.attributes).find((attribute) => attribute.name === 'aria-label')?.value ?? '';
  return { text: label.innerText.trim(), ariaLabel };
}
