// Gathers what changed between two animation frames and hands it over once, at the next frame: tokens may
// arrive hundreds of times a second, the screen shows them at its frame rate. Nothing is lost: a key marked
// while a frame is pending simply waits for it. DOM-free (the frame source is passed in), so Node tests
// drive it with a fake.

export interface FrameSource {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export class FrameBatch<Key> {
  private readonly marked = new Set<Key>();
  private handle: number | undefined;

  constructor(
    private readonly frames: FrameSource,
    private readonly render: (keys: ReadonlySet<Key>) => void,
  ) {}

  mark(key: Key): void {
    this.marked.add(key);
    this.handle ??= this.frames.request(() => this.flush());
  }

  /** Forgets what is marked (the things it names are gone, as after an `init`). */
  clear(): void {
    this.marked.clear();
    if (this.handle !== undefined) this.frames.cancel(this.handle);
    this.handle = undefined;
  }

  private flush(): void {
    this.handle = undefined;
    const keys = new Set(this.marked);
    this.marked.clear();
    this.render(keys);
  }
}
