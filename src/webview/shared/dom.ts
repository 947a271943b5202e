// Small helpers for building the page with DOM APIs: text always goes in as textContent.

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className !== undefined) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A real button (focusable, Enter and Space work), never a submit button. */
export function button(label: string, className?: string): HTMLButtonElement {
  const created = element('button', className, label);
  created.type = 'button';
  return created;
}

/** Writes text only when it changed, so frequent progress updates do not churn the DOM. */
export function setText(target: HTMLElement, text: string): void {
  if (target.textContent !== text) target.textContent = text;
}

export function setPressed(target: HTMLButtonElement, pressed: boolean): void {
  target.setAttribute('aria-pressed', String(pressed));
}
