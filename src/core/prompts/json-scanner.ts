// A strict JSON (RFC 8259) scanner that builds no values: JSON.parse does that, faster. It exists for the
// two things JSON.parse cannot give: where a syntax error is (as an offset, with words for what was
// expected), and where each element of an array or member of an object starts and ends, so every
// prompt of a JSON document keeps its lines.

/** A value's extent in the text: offsets, end exclusive. Containers near the root list their children. */
export interface JsonNode {
  start: number;
  end: number;
  elements?: JsonNode[];
  members?: JsonMember[];
}

export interface JsonMember {
  key: string;
  keyStart: number;
  value: JsonNode;
}

export type JsonScan = { ok: true; root: JsonNode } | { ok: false; offset: number; problem: string };

/** Deeper input is refused rather than risking the call stack; prompts never nest anywhere near this. */
const maxNesting = 512;

/**
 * Scans `text` as one JSON value. Containers at a depth below `childDepth` (the root is depth 0) record
 * their children's spans; deeper ones are only checked, which keeps big documents cheap.
 */
export function scanJson(text: string, childDepth: number): JsonScan {
  const scanner = new Scanner(text, childDepth);
  try {
    return { ok: true, root: scanner.document() };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, offset: error.offset, problem: error.problem };
    throw error;
  }
}

class SyntaxProblem {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

const enum Char {
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  LowerE = 0x65,
  UpperE = 0x45,
}

const valueWords = 'a JSON value (a string, number, object, array, true, false or null)';
const noTrailingCommas = ' (JSON allows no trailing comma)';

class Scanner {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly childDepth: number,
  ) {}

  document(): JsonNode {
    const root = this.value(0);
    this.skipWhitespace();
    if (this.pos < this.text.length) {
      this.fail(`unexpected ${this.describeHere()} after the JSON value; expected the end of the input (one value per document)`);
    }
    return root;
  }

  private value(depth: number): JsonNode {
    this.skipWhitespace();
    const start = this.pos;
    const code = this.text.charCodeAt(start);
    if (code === Char.OpenBrace) return this.object(depth);
    if (code === Char.OpenBracket) return this.array(depth);
    if (code === Char.Quote) this.string();
    else if (code === Char.Minus || isDigit(code)) this.number();
    else if (!this.literal()) this.fail(`expected ${valueWords}; got ${this.describeHere()}${this.hintHere()}`);
    return { start, end: this.pos };
  }

  private object(depth: number): JsonNode {
    const start = this.pos;
    this.enter(depth);
    this.pos++;
    const members: JsonMember[] | undefined = depth < this.childDepth ? [] : undefined;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Char.CloseBrace) {
      this.pos++;
      return { start, end: this.pos, members };
    }
    for (let first = true; ; first = false) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== Char.Quote) {
        const trailing = !first && this.text.charCodeAt(this.pos) === Char.CloseBrace ? noTrailingCommas : this.hintHere();
        this.fail(`expected a property name in double quotes; got ${this.describeHere()}${trailing}`);
      }
      const keyStart = this.pos;
      this.string();
      const keyEnd = this.pos;
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== Char.Colon) this.fail(`expected ':' after the property name; got ${this.describeHere()}`);
      this.pos++;
      const value = this.value(depth + 1);
      members?.push({ key: JSON.parse(this.text.slice(keyStart, keyEnd)) as string, keyStart, value });
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === Char.CloseBrace) break;
      if (next !== Char.Comma) this.fail(`expected ',' or '}' after a property value; got ${this.describeHere()}`);
      this.pos++;
    }
    this.pos++;
    return { start, end: this.pos, members };
  }

  private array(depth: number): JsonNode {
    const start = this.pos;
    this.enter(depth);
    this.pos++;
    const elements: JsonNode[] | undefined = depth < this.childDepth ? [] : undefined;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Char.CloseBracket) {
      this.pos++;
      return { start, end: this.pos, elements };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) === Char.CloseBracket) {
        this.fail(`expected ${valueWords} after ','; got ']'${noTrailingCommas}`);
      }
      const element = this.value(depth + 1);
      elements?.push(element);
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === Char.CloseBracket) break;
      if (next !== Char.Comma) this.fail(`expected ',' or ']' after an array element; got ${this.describeHere()}`);
      this.pos++;
    }
    this.pos++;
    return { start, end: this.pos, elements };
  }

  private string(): void {
    const text = this.text;
    const opening = this.pos;
    let pos = opening + 1;
    for (;;) {
      if (pos >= text.length) this.fail('unterminated string; expected a closing \'"\'', opening);
      const code = text.charCodeAt(pos);
      if (code === Char.Quote) break;
      if (code === Char.Backslash) {
        pos = this.escape(pos);
        continue;
      }
      if (code < Char.Space) {
        const problem =
          code === Char.LineFeed || code === Char.CarriageReturn
            ? 'unterminated string: a line break inside a string must be written \\n'
            : `control character ${describeCode(code)} inside a string; write it as an escape such as \\t or \\u00XX`;
        this.fail(problem, pos);
      }
      pos++;
    }
    this.pos = pos + 1;
  }

  /** Checks the escape at `pos` (a backslash) and returns the offset after it. */
  private escape(pos: number): number {
    if (pos + 1 >= this.text.length) this.fail('unterminated string; expected a closing \'"\'', pos);
    const escaped = this.text.charAt(pos + 1);
    if (escaped === 'u') {
      if (!/^[0-9A-Fa-f]{4}$/.test(this.text.slice(pos + 2, pos + 6))) {
        this.fail('invalid \\u escape in a string; expected four hex digits such as \\u00e9', pos);
      }
      return pos + 6;
    }
    if ('"\\/bfnrt'.includes(escaped)) return pos + 2;
    this.fail(`invalid escape '\\${escaped}' in a string; expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`, pos);
  }

  private number(): void {
    const start = this.pos;
    if (this.text.charCodeAt(this.pos) === Char.Minus) this.pos++;
    if (this.text.charCodeAt(this.pos) === Char.Zero) {
      this.pos++;
      if (isDigit(this.text.charCodeAt(this.pos))) this.fail('a number cannot start with 0 unless it is 0 itself', start);
    } else {
      this.digits('a digit');
    }
    if (this.text.charCodeAt(this.pos) === Char.Dot) {
      this.pos++;
      this.digits("a digit after the decimal point");
    }
    const exponent = this.text.charCodeAt(this.pos);
    if (exponent === Char.LowerE || exponent === Char.UpperE) {
      this.pos++;
      const sign = this.text.charCodeAt(this.pos);
      if (sign === Char.Plus || sign === Char.Minus) this.pos++;
      this.digits('a digit in the exponent');
    }
  }

  private digits(expected: string): void {
    if (!isDigit(this.text.charCodeAt(this.pos))) this.fail(`expected ${expected}; got ${this.describeHere()}`);
    while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
  }

  private literal(): boolean {
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return true;
      }
    }
    return false;
  }

  private enter(depth: number): void {
    if (depth >= maxNesting) this.fail(`nested deeper than ${maxNesting} levels`);
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code !== Char.Space && code !== Char.LineFeed && code !== Char.CarriageReturn && code !== Char.Tab) break;
      pos++;
    }
    this.pos = pos;
  }

  private describeHere(): string {
    return this.pos >= this.text.length ? 'the end of the input' : describeCode(this.text.codePointAt(this.pos) as number);
  }

  /** The usual reasons a value does not start where one is expected. */
  private hintHere(): string {
    const rest = this.text.slice(this.pos, this.pos + 9);
    if (rest.startsWith("'")) return ' (JSON strings use double quotes)';
    if (/^(True|False|None|NULL|Null)\b/.test(rest)) return ' (JSON literals are lowercase: true, false, null)';
    if (/^(NaN|Infinity|undefined)\b/.test(rest)) return ` (${rest.match(/^\w+/)?.[0]} is not JSON)`;
    return '';
  }

  private fail(problem: string, offset = this.pos): never {
    throw new SyntaxProblem(offset, problem);
  }
}

function isDigit(code: number): boolean {
  return code >= Char.Zero && code <= Char.Nine;
}

/** `'x'` for printable characters, `U+0007` for the rest. */
function describeCode(code: number): string {
  const printable = code >= Char.Space && code !== 0x7f && !(code >= 0x80 && code < 0xa0);
  return printable ? `'${String.fromCodePoint(code)}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
