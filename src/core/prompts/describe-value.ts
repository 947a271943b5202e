// Names what a parsed JSON value is, for the "got ..." half of an error message.

const shownKeys = 4;

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object {}';
    const listed = keys.slice(0, shownKeys).map((key) => JSON.stringify(key)).join(', ');
    return `an object with keys ${listed}${keys.length > shownKeys ? ', ...' : ''}`;
  }
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
