// GET /train/{hash}/dataset (training.md §3.5): a page of the dataset's lines, or of those whose raw text
// contains `q` (case-insensitive), each parsed, with its input and output copied out when they are strings
// and every string clipped to 4 KiB.

const CLIP_BYTES = 4096;

export function datasetSlice(dataset: string, offset: number, limit: number, q: string): Record<string, unknown> {
  const lines = dataset.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const needle = q.toLowerCase();
  const matching = lines.map((line, index) => ({ line, index })).filter(({ line }) => needle === '' || line.toLowerCase().includes(needle));
  return {
    total: lines.length,
    offset,
    limit,
    matched: matching.length,
    truncated: false,
    examples: matching.slice(offset, offset + limit).map(({ line, index }) => example(line, index)),
  };
}

function example(line: string, index: number): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { index, raw: { __parse_error__: clip(line) } };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { index, raw };
  const truncatedFields: string[] = [];
  const clipped = Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).map(([key, value]) => {
      if (typeof value !== 'string' || Buffer.byteLength(value) <= CLIP_BYTES) return [key, value];
      truncatedFields.push(key);
      return [key, clip(value)];
    }),
  );
  const row: Record<string, unknown> = { index, raw: clipped };
  if (typeof clipped.input === 'string') row.input = clipped.input;
  if (typeof clipped.output === 'string') row.output = clipped.output;
  if (truncatedFields.length > 0) row.truncated_fields = truncatedFields;
  return row;
}

function clip(text: string): string {
  const bytes = Buffer.from(text);
  return bytes.length <= CLIP_BYTES ? text : bytes.subarray(0, CLIP_BYTES).toString('utf8');
}
