// Defaults and limits of a job, declared once: the extension's settings schema, the CLI's help and checks,
// and the batch runner all read them from here.

export const BATCH_DEFAULTS = {
  /** The server's own default is 16 tokens (protocol §1.1): too few to judge most prompts by. */
  maxTokens: 256,
  /**
   * Prompts per POST /v1/generate: the most the protocol advises (§10.3). Each request costs the server and
   * the client alike, so fewer, larger groups finish a batch sooner (a quarter of the requests of groups of 32);
   * the queue pacing still holds new ones back while the queue is deep.
   */
  groupSize: 128,
  /** Groups submitted and not finished at once. */
  maxInFlight: 4,
  /** A shared deployment serves others too: new groups wait while its queue is deeper than this. */
  pauseAboveQueueDepth: 256,
  /** The editor asks before sending more prompts than this. */
  confirmAbove: 500,
} as const;

export const BATCH_LIMITS = {
  maxTokens: { min: 1 },
  groupSize: { min: 1, max: 128 },
  maxInFlight: { min: 1, max: 64 },
  pauseAboveQueueDepth: { min: 0 },
  temperature: { min: 0, max: 2 },
} as const;

export const CHAT_DEFAULTS = {
  /** The queue path has no deadline of its own on the server (protocol §6.2). */
  timeoutSeconds: 600,
} as const;

/** Where a deployment listens when nobody says otherwise (the server's own port). */
export const DEFAULT_BASE_URL = 'http://localhost:8000';
