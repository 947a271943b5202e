// JSON values as Python source: dicts, lists, strings, numbers, True, False and None, indented like
// json.dumps(indent=4) so a long body stays readable.

const INDENT = '    ';

/** `value` as a Python expression; lines after the first start with `indent`. */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  // A JSON string literal is a valid Python one, escapes included.
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}
