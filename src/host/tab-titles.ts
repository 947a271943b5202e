// Tab titles that tell panels apart: two results of the same file, two runs of one experiment or two chats
// of the same title would otherwise read the same in the tab bar. The first keeps the plain title; each
// other open tab that would read the same gets the lowest free number, "Results: prompts.jsonl (2)".
// Numbers rather than times: two runs can start within the same minute (or second), a number cannot tie.
// No 'vscode' import, so it is unit-tested on Node.

/** `base`, or `base (n)` with the lowest n ≥ 2 that no other tab has. */
export function distinctTitle(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const numbered = `${base} (${n})`;
    if (!taken.has(numbered)) return numbered;
  }
}

/** The titles of the window's open panels, each held by its panel until it closes or takes another. */
export class TabTitles {
  private readonly held = new Map<object, { base: string; title: string }>();

  /** The title for `owner`'s tab: its current one while the base is unchanged, else a distinct one. */
  claim(owner: object, base: string): string {
    const current = this.held.get(owner);
    if (current?.base === base) return current.title;
    this.held.delete(owner);
    const title = distinctTitle(base, new Set([...this.held.values()].map((held) => held.title)));
    this.held.set(owner, { base, title });
    return title;
  }

  release(owner: object): void {
    this.held.delete(owner);
  }
}

/** One for the window: results, experiment and chat tabs share a tab bar. */
export const windowTabTitles = new TabTitles();
