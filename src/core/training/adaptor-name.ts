// What an adaptor is called where people read it: a job hash is 64 hex characters, so "adaptor 1a2b3c4d" (its
// first eight, enough to tell a deployment's adaptors apart and to find the full name by). Pickers, the chat
// panel and the label of an adaptor's column all use it.

/** "adaptor 1a2b3c4d" for a job hash; any other model name as it is. */
export function adaptorLabel(model: string): string {
  return /^[0-9a-f]{64}$/.test(model) ? `adaptor ${model.slice(0, 8)}` : model;
}
