// Python's json.dumps, byte for byte. The server hashes this text into the group id (protocol §1.3), answers
// non-streaming chat with it (§6.2) and writes its request files with it (§5), so separators, the spelling of
// floats and the \uXXXX escapes must match Python, not JSON.stringify.

/** A number Python holds as a float: written `0.0`, `1e-05`, `1e+16`, never `0`. Plain JS numbers that are integers are written as ints. */
export class PyFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

export function pyFloat(value: number): PyFloat {
  return new PyFloat(value);
}

export interface PyDumpsOptions {
  /** Separators `,`/`:` (FastAPI's JSONResponse) instead of json.dumps' default `, `/`: `. */
  compact?: boolean;
  /** Escape every non-ASCII code unit as \uXXXX (json.dumps' default); FastAPI's JSONResponse turns this off. */
  ensureAscii?: boolean;
}

/** json.dumps(value) with Python's defaults: `", "` and `": "`, ensure_ascii. */
export function pyDumps(value: unknown, options: PyDumpsOptions = {}): string {
  const compact = options.compact ?? false;
  const ensureAscii = options.ensureAscii ?? true;
  const itemSeparator = compact ? ',' : ', ';
  const keySeparator = compact ? ':' : ': ';
  const write = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (v instanceof PyFloat) return formatPythonFloat(v.value);
    switch (typeof v) {
      case 'boolean':
        return v ? 'true' : 'false';
      case 'number':
        return Number.isInteger(v) ? formatPythonInt(v) : formatPythonFloat(v);
      case 'string':
        return quotePythonString(v, ensureAscii);
      case 'object': {
        if (Array.isArray(v)) return `[${v.map(write).join(itemSeparator)}]`;
        const fields = Object.entries(v as Record<string, unknown>).filter(([, field]) => field !== undefined);
        return `{${fields.map(([key, field]) => quotePythonString(key, ensureAscii) + keySeparator + write(field)).join(itemSeparator)}}`;
      }
      default:
        throw new TypeError(`pyDumps cannot write a ${typeof v}`);
    }
  };
  return write(value);
}

/** What FastAPI's JSONResponse sends: compact, UTF-8 unescaped, Python float spelling. */
export function fastApiJson(value: unknown): string {
  return pyDumps(value, { compact: true, ensureAscii: false });
}

function formatPythonInt(value: number): string {
  // Python ints have no exponent form; JS switches to one at 1e21.
  return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
}

/** repr(float): shortest round-trip digits, exponent form when the decimal exponent is below -4 or above 15. */
export function formatPythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1) || '0';
    return `${sign}${whole}.${fraction}`;
  }
  const scaled = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const exponentSign = exponent < 0 ? '-' : '+';
  return `${sign}${scaled}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x08: '\\b',
  0x0c: '\\f',
};

/** Python escapes per UTF-16 code unit, so astral characters come out as surrogate pairs (\ud83d\ude80). */
function quotePythonString(text: string, ensureAscii: boolean): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const short = SHORT_ESCAPES[code];
    if (short !== undefined) out += short;
    else if (code < 0x20 || (ensureAscii && code > 0x7e)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += text[i];
  }
  return `${out}"`;
}
