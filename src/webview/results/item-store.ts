// The run's items as the page holds them, in index order, each with a lowercase search text built on
// first use. DOM-free, so the Node unit tests cover it.

import type { ItemUpdate, ItemView } from '../../protocol/results';

/** An item with its search text: prompt, response and error in lowercase, built by the first search that needs it. */
export class StoredItem {
  private lowercaseText: string | undefined;

  constructor(readonly item: ItemView) {}

  get searchText(): string {
    return (this.lowercaseText ??= `${this.item.prompt}\n${this.item.response ?? ''}\n${this.item.error ?? ''}`.toLowerCase());
  }
}

export class ItemStore {
  /** Sorted by item index: filtering walks it in order, so filtered lists come out sorted too. */
  private entries: StoredItem[] = [];
  private readonly positionByIndex = new Map<number, number>();

  get size(): number {
    return this.entries.length;
  }

  /** Replaces everything (an `init`). */
  replaceAll(updates: readonly ItemUpdate[]): void {
    this.entries = updates.map((update) => new StoredItem(merged(update, undefined)));
    this.reindex();
  }

  /**
   * Updates items in place by index and adds the new ones. An updated item is a new object, which is how
   * the list tells which rows to rewrite.
   */
  upsert(updates: readonly ItemUpdate[]): void {
    let added = false;
    for (const update of updates) {
      const position = this.positionByIndex.get(update.index);
      if (position === undefined) {
        this.entries.push(new StoredItem(merged(update, undefined)));
        this.positionByIndex.set(update.index, this.entries.length - 1);
        added = true;
      } else {
        // A new entry, so the old search text goes with the old item.
        this.entries[position] = new StoredItem(merged(update, this.entries[position].item));
      }
    }
    // Items normally arrive complete in `init`; one added later may belong anywhere, so restore the order.
    if (added && !this.isSorted()) this.reindex();
  }

  get(index: number): ItemView | undefined {
    const position = this.positionByIndex.get(index);
    return position === undefined ? undefined : this.entries[position].item;
  }

  /** Indexes of the items `keep` accepts, in index order. */
  select(keep: (entry: StoredItem) => boolean): number[] {
    const selected: number[] = [];
    for (const entry of this.entries) if (keep(entry)) selected.push(entry.item.index);
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

/** The item an update makes of the one held before (if any): its state as sent, the parts that never change kept. */
export function merged(update: ItemUpdate, before: ItemView | undefined): ItemView {
  const item: ItemView = {
    index: update.index,
    number: update.number ?? before?.number ?? update.index + 1,
    group: update.group ?? before?.group ?? -1,
    status: update.status,
    prompt: update.prompt ?? before?.prompt ?? '',
    response: update.response ?? null,
    error: update.error ?? null,
  };
  if (update.embedding) item.embedding = update.embedding;
  const origin = update.origin ?? before?.origin;
  if (origin) item.origin = origin;
  return item;
}
