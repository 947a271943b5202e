// The run's items as the page holds them, in index order, each with a lowercase search text built on
// first use. DOM-free, so the Node unit tests cover it.

import type { ItemView } from '../../protocol/results';

interface Entry {
  item: ItemView;
  /** prompt, response and error in lowercase; built by the first search that needs it, dropped when the item changes. */
  searchText?: string;
}

export class ItemStore {
  /** Sorted by item index: filtering walks it in order, so filtered lists come out sorted too. */
  private entries: Entry[] = [];
  private readonly positionByIndex = new Map<number, number>();

  get size(): number {
    return this.entries.length;
  }

  /** Replaces everything (an `init`). */
  replaceAll(items: readonly ItemView[]): void {
    this.entries = items.map((item) => ({ item }));
    this.reindex();
  }

  /**
   * Updates items in place by index and adds the new ones. Returns the indexes that changed, so a view
   * can redraw just those.
   */
  upsert(items: readonly ItemView[]): Set<number> {
    const changed = new Set<number>();
    let added = false;
    for (const item of items) {
      changed.add(item.index);
      const position = this.positionByIndex.get(item.index);
      if (position === undefined) {
        this.entries.push({ item });
        this.positionByIndex.set(item.index, this.entries.length - 1);
        added = true;
      } else {
        this.entries[position] = { item };
      }
    }
    // Items normally arrive complete in `init`; one added later may belong anywhere, so restore the order.
    if (added && !this.isSorted()) this.reindex();
    return changed;
  }

  get(index: number): ItemView | undefined {
    const position = this.positionByIndex.get(index);
    return position === undefined ? undefined : this.entries[position].item;
  }

  /** Indexes of the items `keep` accepts, in index order. */
  select(keep: (item: ItemView, searchText: () => string) => boolean): number[] {
    const selected: number[] = [];
    for (const entry of this.entries) {
      if (keep(entry.item, () => (entry.searchText ??= searchTextOf(entry.item)))) selected.push(entry.item.index);
    }
    return selected;
  }

  private reindex(): void {
    this.entries.sort((a, b) => a.item.index - b.item.index);
    this.positionByIndex.clear();
    this.entries.forEach((entry, position) => this.positionByIndex.set(entry.item.index, position));
  }

  private isSorted(): boolean {
    for (let i = 1; i < this.entries.length; i++) if (this.entries[i - 1].item.index > this.entries[i].item.index) return false;
    return true;
  }
}

function searchTextOf(item: ItemView): string {
  return `${item.prompt}\n${item.response ?? ''}\n${item.error ?? ''}`.toLowerCase();
}
