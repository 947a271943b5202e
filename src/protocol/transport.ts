// How a prompt goes out, a word the ledger, the experiment config and the panels share (declared once here,
// the lowest floor, so the webview can read it too).

/**
 * Through the batch queue (POST /v1/generate, greedy, grouped), or as one queue-backed chat completion
 * (`stream: false`; sampling, repeats and tools are honoured there, protocol §6.2).
 */
export type Transport = 'batch' | 'chat';
