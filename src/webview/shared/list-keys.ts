// The keys of a list or a grid with a selection, one way for both (the results list, the experiment matrix):
// Enter opens the selected entry, Escape closes its detail, a navigation key moves the selection, and other keys
// are left alone.

export interface ListKeys<Key extends string> {
  isMoveKey(key: string): key is Key;
  hasSelection(): boolean;
  open(): void;
  /** Escape with a selection: its detail closes (the list takes the height back). */
  close(): void;
  /** `ctrl`: the grid's Ctrl+Home/End; a list ignores navigation keys pressed with Ctrl. */
  move(key: Key, ctrl: boolean): void;
  /** Whether Ctrl with a navigation key moves too (a grid's Ctrl+Home/End), or is left to the browser. */
  ctrlMoves?: boolean;
}

export function listenToListKeys<Key extends string>(root: HTMLElement, keys: ListKeys<Key>, signal: AbortSignal): void {
  root.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' || event.key === 'Escape') {
        if (!keys.hasSelection()) return;
        event.preventDefault();
        if (event.key === 'Enter') keys.open();
        else keys.close();
        return;
      }
      if (!keys.isMoveKey(event.key) || event.altKey || event.metaKey || (event.ctrlKey && !keys.ctrlMoves)) return;
      event.preventDefault();
      keys.move(event.key, event.ctrlKey);
    },
    { signal },
  );
}
