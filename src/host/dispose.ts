// Owns disposables so that nothing registered is forgotten: whoever creates a listener adds it to a
// store, and disposing the store releases them all. No 'vscode' import, so it is unit-tested on Node.

export interface DisposableLike {
  dispose(): unknown;
}

export class DisposableStore implements DisposableLike {
  private readonly items: DisposableLike[] = [];
  private disposed = false;

  /** Takes ownership. Added after the store was disposed, the item is disposed at once rather than leaked. */
  add<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  /** Disposes in reverse order of adding (later items may depend on earlier ones); a second call does nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) item.dispose();
  }
}
