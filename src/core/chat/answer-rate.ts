// The decoding rate shown for an answer (the CLI's chat, the chat panel, the completion preview): completion
// tokens over the time they took to generate. A streamed answer is timed here, from its first token to its
// end. A non-streamed one arrives all at once, after its queue wait: timing it here would divide by the
// network's last millisecond (rates in the hundreds of thousands) or by the wait. Its rate is shown only when
// the server says how long generation took; ScalarLM's queue answer does not, so none is shown.

export interface RateInputs {
  completionTokens: number | undefined;
  /** The generation time measured from a stream (first token to end), in ms. */
  streamedMs?: number | undefined;
  /** The generation time the server reported, in ms. */
  serverMs?: number | undefined;
}

export function tokensPerSecond({ completionTokens, streamedMs, serverMs }: RateInputs): number | undefined {
  const ms = serverMs ?? streamedMs;
  if (completionTokens === undefined || ms === undefined || !(ms > 0)) return undefined;
  return completionTokens / (ms / 1000);
}
