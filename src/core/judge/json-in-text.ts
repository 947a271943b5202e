// JSON objects and arrays inside free text (prose, a ```json fence, a grader's reasoning): every
// balanced {...} or [...] that JSON.parse accepts, left to right, not looking inside one already found.

/** Bounds the work on text full of unbalanced brackets, where every start would scan to the end. */
const scanBudget = 4_000_000;

const closerOf: Record<string, string> = { '{': '}', '[': ']' };

export function findJsonValues(text: string): unknown[] {
  const found: unknown[] = [];
  let budget = scanBudget;
  let at = 0;
  while (at < text.length && budget > 0) {
    const char = text[at];
    if (char !== '{' && char !== '[') {
      at++;
      continue;
    }
    const end = balancedEnd(text, at);
    budget -= (end ?? text.length) - at;
    if (end !== undefined) {
      const value = tryParse(text.slice(at, end));
      if (value !== undefined) {
        found.push(value);
        at = end;
        continue;
      }
    }
    at++;
  }
  return found;
}

/** The offset just past the bracket that closes the one at `start`, skipping brackets inside strings. */
function balancedEnd(text: string, start: number): number | undefined {
  const expected: string[] = [];
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      expected.push(closerOf[char]);
    } else if (char === '}' || char === ']') {
      if (expected.pop() !== char) return undefined;
      if (expected.length === 0) return at + 1;
    }
  }
  return undefined;
}

function tryParse(candidate: string): unknown {
  try {
    return JSON.parse(candidate) as unknown;
  } catch {
    return undefined;
  }
}
