// Runs a job for a key once the key has been quiet for a while: a preview re-renders, or a file is checked,
// after the typing pauses rather than on every keystroke.

export class KeyedDebounce<K> {
  private readonly timers = new Map<K, NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly run: (key: K) => void,
  ) {}

  schedule(key: K): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.run(key);
      }, this.delayMs),
    );
  }

  cancel(key: K): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
