// An item's `response` may be a list of numbers rather than text: an embedding (`Result.response:
// Optional[Union[str, list[float]]]`, protocol §9; the embed route of 2025 servers filled it so). The client
// hands every response on as text, so a vector travels through runs, ledgers and exports as its JSON text,
// written in one canonical form; embeddingOf() reads that form back, and only that form.

/** A vector as the text it travels as: JSON with no spaces, every value as JavaScript prints it. */
export function embeddingText(vector: readonly number[]): string {
  return JSON.stringify(vector);
}

/** Whether a response value from the wire is a vector: a non-empty list of finite numbers. */
export function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/**
 * The vector a response text holds, when it is exactly embeddingText() of one; undefined for anything else.
 * A model's text answer that happens to be such an array (no spaces, no line break) reads as a vector too:
 * it is the same JSON either way, and the text is always there to copy.
 */
export function embeddingOf(text: string | null | undefined): number[] | undefined {
  if (text === null || text === undefined || !text.startsWith('[') || !text.endsWith(']') || /\s/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isVector(value) && embeddingText(value) === text ? value : undefined;
}
