// Python's json.loads, as the server runs it on a request body (Starlette's request.json() on the raw bytes,
// CPython's C scanner). FastAPI reports a body it cannot decode as a 422 whose `loc` is ["body", pos] and
// whose ctx.error is the decoder's message (protocol §11), so the simulator needs Python's message and
// position, not JSON.parse's: Node 20 gives no position for an unexpected token at all, and another one for
// an unterminated string. Python also accepts NaN, Infinity and -Infinity, which JSON.parse rejects.
// Positions count code points, as Python's str indices do.

export type PyLoadsResult = { ok: true; value: unknown } | { ok: false; message: string; position: number };

/** json.loads of a decoded body. A leading UTF-8 BOM is dropped, as json.loads does for bytes ('utf-8-sig'). */
export function pyJsonLoads(text: string): PyLoadsResult {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    // The fast path: whatever JSON.parse reads, Python reads the same way.
    return { ok: true, value: JSON.parse(s) };
  } catch {
    // Decoded below, for Python's answer.
  }
  try {
    return { ok: true, value: new Decoder(s).decode() };
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    return { ok: false, message: error.message, position: codePointsBefore(s, error.index) };
  }
}

class DecodeError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

/** The scanner's StopIteration: no value starts at `index`. The caller turns it into "Expecting value". */
class NoValue {
  constructor(readonly index: number) {}
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

class Decoder {
  constructor(private readonly s: string) {}

  /** JSONDecoder.decode: one value between optional whitespace, then nothing else. */
  decode(): unknown {
    let value: unknown;
    let end: number;
    try {
      [value, end] = this.scan(this.skipWhitespace(0));
    } catch (error) {
      if (error instanceof NoValue) throw new DecodeError('Expecting value', error.index);
      throw error;
    }
    end = this.skipWhitespace(end);
    if (end !== this.s.length) throw new DecodeError('Extra data', end);
    return value;
  }

  /** scan_once: the value starting at `i` and the index after it. */
  private scan(i: number): [unknown, number] {
    const s = this.s;
    if (i >= s.length) throw new NoValue(i);
    switch (s[i]) {
      case '"':
        return this.string(i + 1);
      case '{':
        return this.object(i + 1);
      case '[':
        return this.array(i + 1);
    }
    for (const [word, value] of [['null', null], ['true', true], ['false', false], ['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity]] as const) {
      if (s.startsWith(word, i)) return [value, i + word.length];
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(s);
    if (!number) throw new NoValue(i);
    return [Number(number[0]), i + number[0].length];
  }

  /** scanstring: `begin` is just after the opening quote. */
  private string(begin: number): [string, number] {
    const s = this.s;
    let out = '';
    let i = begin;
    for (;;) {
      let next = i;
      while (next < s.length && s[next] !== '"' && s[next] !== '\\') {
        if (s.charCodeAt(next) <= 0x1f) throw new DecodeError('Invalid control character at', next);
        next++;
      }
      if (next >= s.length) throw new DecodeError('Unterminated string starting at', begin - 1);
      out += s.slice(i, next);
      if (s[next] === '"') return [out, next + 1];
      // A backslash: what it escapes.
      const escaped = s[next + 1];
      if (escaped === undefined) throw new DecodeError('Unterminated string starting at', begin - 1);
      if (escaped !== 'u') {
        const replacement = ESCAPES[escaped];
        if (replacement === undefined) throw new DecodeError('Invalid \\escape', next);
        out += replacement;
        i = next + 2;
        continue;
      }
      // \uXXXX: reported at the `u`. A surrogate pair is two of these, which a JS string holds as they are.
      const hex = s.slice(next + 2, next + 6);
      if (next + 6 >= s.length || !/^[0-9a-fA-F]{4}$/.test(hex)) throw new DecodeError('Invalid \\uXXXX escape', next + 1);
      out += String.fromCharCode(parseInt(hex, 16));
      i = next + 6;
    }
  }

  /** `i` is just after `{`. */
  private object(i: number): [Record<string, unknown>, number] {
    const s = this.s;
    const object: Record<string, unknown> = {};
    i = this.skipWhitespace(i);
    if (s[i] === '}') return [object, i + 1];
    for (;;) {
      if (s[i] !== '"') throw new DecodeError('Expecting property name enclosed in double quotes', i);
      let key: string;
      [key, i] = this.string(i + 1);
      i = this.skipWhitespace(i);
      if (s[i] !== ':') throw new DecodeError("Expecting ':' delimiter", i);
      let value: unknown;
      [value, i] = this.scan(this.skipWhitespace(i + 1));
      // An own property even for "__proto__", as JSON.parse makes it.
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      i = this.skipWhitespace(i);
      if (s[i] === '}') return [object, i + 1];
      if (s[i] !== ',') throw new DecodeError("Expecting ',' delimiter", i);
      i = this.skipWhitespace(i + 1);
    }
  }

  /** `i` is just after `[`. */
  private array(i: number): [unknown[], number] {
    const s = this.s;
    const array: unknown[] = [];
    i = this.skipWhitespace(i);
    if (s[i] === ']') return [array, i + 1];
    for (;;) {
      let value: unknown;
      [value, i] = this.scan(i);
      array.push(value);
      i = this.skipWhitespace(i);
      if (s[i] === ']') return [array, i + 1];
      if (s[i] !== ',') throw new DecodeError("Expecting ',' delimiter", i);
      i = this.skipWhitespace(i + 1);
    }
  }

  private skipWhitespace(i: number): number {
    const s = this.s;
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
    return i;
  }
}

/** Python indexes a str by code point; a JS string by UTF-16 unit, two for a character beyond U+FFFF. */
function codePointsBefore(s: string, index: number): number {
  let count = 0;
  for (let i = 0; i < index; i++) {
    count++;
    const code = s.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < index) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) i++;
    }
  }
  return count;
}
