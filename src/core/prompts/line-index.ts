// Turns offsets in a text into 1-based lines and columns. Built once per text; each lookup is a binary
// search, so locating every element of a large JSON array stays linear overall.

export interface TextPosition {
  line: number;
  column: number;
}

export class LineIndex {
  /** Offsets at which each line starts; lineStarts[0] is 0. */
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
      this.lineStarts.push(newline + 1);
    }
  }

  /** Columns count UTF-16 code units, as editors do. */
  positionOf(offset: number): TextPosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  lineOf(offset: number): number {
    return this.positionOf(offset).line;
  }
}
