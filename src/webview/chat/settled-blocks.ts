// A streaming answer's text cut into settled markdown blocks, rendered once each, and the tail after them,
// re-rendered as it grows. Without the cut, every frame would re-render the whole answer, and a long
// answer would cost more each frame than the frame has. DOM-free.

export interface BlocksStep {
  /** Markdown newly settled since the last step (often empty): render it once, after what settled before. */
  settled: string;
  /** The rest of the text: render it in place of the previous tail. */
  tail: string;
}

export class SettledBlocks {
  private settledChars = 0;

  /** `settledLength`: markdown.ts's, which the page has once the markdown renderer is loaded. */
  constructor(private readonly settledLength: (text: string) => number) {}

  /** How much of the text has settled so far. */
  get length(): number {
    return this.settledChars;
  }

  /** `text` is the whole answer so far; it only grows while the answer streams. */
  next(text: string): BlocksStep {
    const rest = text.slice(this.settledChars);
    const cut = this.settledLength(rest);
    this.settledChars += cut;
    return { settled: rest.slice(0, cut), tail: rest.slice(cut) };
  }
}
