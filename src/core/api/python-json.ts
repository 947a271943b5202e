// Python's `json.dumps(value)` with its defaults, byte for byte, so that a hash of it matches the server's
// (protocol §1.3): separators ", " and ": ", ensure_ascii (every character outside space..tilde as a
// lowercase \uXXXX escape, astral characters as surrogate pairs), keys in insertion order, and floats
// in Python's repr (0.0, 1e-05, 1e+16).
//
// JavaScript numbers do not say whether they are ints or floats, so the caller marks Python floats with
// PythonFloat. Any other number is written the way Python would re-write the JSON the client sent:
// JSON.stringify text without a fraction or exponent parses as a Python int, anything else as a float.

/** A number that the server holds as a Python float (for example a Pydantic `float` field). */
export class PythonFloat {
  constructor(readonly value: number) {}
}

/**
 * Takes what JSON.stringify takes (plus PythonFloat): null, booleans, numbers, strings, arrays and plain
 * objects; undefined members are dropped and undefined array entries written as null, as JSON.stringify does.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return pythonStringLiteral(value);
    case 'number':
      return pythonNumberFromJson(value);
    case 'object':
      break;
    default:
      throw new TypeError(`pythonJsonDumps cannot write a ${typeof value}.`);
  }
  // JSON.stringify sends NaN and the infinities as null, so that is what the server holds.
  if (value instanceof PythonFloat) return Number.isFinite(value.value) ? pythonFloatRepr(value.value) : 'null';
  if (Array.isArray(value)) return `[${value.map((item) => pythonJsonDumps(item)).join(', ')}]`;
  const members: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) members.push(`${pythonStringLiteral(key)}: ${pythonJsonDumps(item)}`);
  }
  return `{${members.join(', ')}}`;
}

/** A number as Python re-writes it after parsing the client's JSON.stringify output. */
function pythonNumberFromJson(value: number): string {
  const text = JSON.stringify(value);
  return /[.eE]/.test(text) ? pythonFloatRepr(value) : text;
}

/** Python's repr of a finite float: the shortest round-trip digits, in exponent form when the exponent is < -4 or >= 16. */
function pythonFloatRepr(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';

  const sign = value < 0 ? '-' : '';
  // toExponential() without an argument gives the same shortest round-trip digits as Python's repr.
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  const pointPosition = exponent + 1; // digits are 0.d1d2... x 10^pointPosition

  if (pointPosition <= -4 || pointPosition > 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const exponentSign = exponent < 0 ? '-' : '+';
    return `${sign}${digits[0]}${fraction}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (pointPosition <= 0) return `${sign}0.${'0'.repeat(-pointPosition)}${digits}`;
  if (pointPosition >= digits.length) return `${sign}${digits}${'0'.repeat(pointPosition - digits.length)}.0`;
  return `${sign}${digits.slice(0, pointPosition)}.${digits.slice(pointPosition)}`;
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x08: '\\b',
  0x0c: '\\f',
};

/** Text that Python writes as it is: printable ASCII without `"` or `\\` (most prompts). */
const UNESCAPED = /^[ !#-[\]-~]*$/;

/** A string literal as Python's ensure_ascii encoder writes it (its ESCAPE_ASCII pattern: `[\\"]|[^ -~]`). */
function pythonStringLiteral(text: string): string {
  // One regular expression test (compiled to machine code) instead of a loop over the characters.
  if (UNESCAPED.test(text)) return `"${text}"`;
  let out = '"';
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e && code !== 0x22 && code !== 0x5c) continue;
    out += text.slice(runStart, i) + (SHORT_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`);
    runStart = i + 1;
  }
  return `${out}${text.slice(runStart)}"`;
}
