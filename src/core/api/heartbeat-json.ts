// The body of a non-streaming chat through the server's queue (protocol §6.2): zero or more single spaces,
// one per 4 s of waiting (possibly for minutes), then the JSON document. Each space is reported as a
// heartbeat; the idle limit between pieces and the overall deadline are the transport's (call-scope.ts).

const SPACE = 0x20;

export type HeartbeatListener = (heartbeats: number, elapsedMs: number) => void;

/** The text after the leading whitespace, and how many heartbeat spaces came before it. */
export async function readAfterHeartbeats(
  chunks: AsyncIterable<Uint8Array>,
  onHeartbeat: HeartbeatListener | undefined,
  startedAt: number,
): Promise<{ text: string; heartbeats: number }> {
  let heartbeats = 0;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    if (parts.length === 0) {
      for (; start < chunk.length && isJsonWhitespace(chunk[start]); start++) {
        if (chunk[start] !== SPACE) continue;
        heartbeats++;
        onHeartbeat?.(heartbeats, Math.round(performance.now() - startedAt));
      }
      if (start === chunk.length) continue;
    }
    parts.push(start === 0 ? chunk : chunk.subarray(start));
  }
  return { text: Buffer.concat(parts).toString('utf8'), heartbeats };
}

function isJsonWhitespace(byte: number): boolean {
  return byte === SPACE || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
