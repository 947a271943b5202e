// Errors the server reports inside a 2xx body or stream (protocol §6.1, §6.2):
// - vLLM's error objects: `{"error": {"message", "type", "param", "code"}}` (newer) or
//   `{"object": "error", "message", ...}` (older), mid-stream or as a whole body;
// - ScalarLM's own `{"error": "Failed to create chat completions: <vLLM body verbatim>"}`, usually not valid
//   JSON because the vLLM body is pasted into the string unescaped;
// - the chat queue's worker failure: `"error": {"message": "<worker text>", "type": "worker_error"}` beside
//   `finish_reason: "error"`.

import { type ErrorContext, ServerReportedError } from './errors';

const ERROR_EVENT_PREFIX = '{"error"';

/** The server's text when this JSON value is an error report; undefined when it is not one. */
export function reportedErrorText(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { error, object, message } = json as { error?: unknown; object?: unknown; message?: unknown };
  if (error !== undefined && error !== null) return textOf(error);
  if (object === 'error') return typeof message === 'string' ? message : JSON.stringify(json);
  return undefined;
}

/** ScalarLM's error event that failed to parse as JSON: its text without the `{"error": "` ... `"}` wrapper. */
export function unwrapErrorEvent(data: string): string | undefined {
  if (!data.startsWith(ERROR_EVENT_PREFIX)) return undefined;
  let start = data.indexOf(':', ERROR_EVENT_PREFIX.length) + 1;
  while (data.charCodeAt(start) === 0x20) start++;
  if (data.charCodeAt(start) === 0x22) start++;
  let end = data.length;
  while (end > start && isSpace(data.charCodeAt(end - 1))) end--;
  if (data.endsWith('"}', end)) end -= 2;
  else if (data.endsWith('}', end)) end -= 1;
  return data.slice(start, end);
}

export function serverReportedError(context: ErrorContext, serverText: string, partialContent: string, raw?: string): ServerReportedError {
  const kept = partialContent === '' ? '' : ` The ${partialContent.length} characters that arrived before it are kept.`;
  const text = serverText === '' ? '(an empty error message)' : summarise(serverText);
  return new ServerReportedError(
    `The deployment reported an error for ${context.method} ${context.path}: ${text}.${kept} Change the request if the text names a cause (model, prompt length, max_tokens); otherwise check the deployment's logs (trace id ${context.traceId}).`,
    context,
    serverText,
    partialContent,
    raw,
  );
}

/**
 * ScalarLM's wrapper text with vLLM's JSON body inside it reads badly; when the pasted body parses,
 * show its message instead: "Failed to create chat completions: This model's maximum context length is ...".
 */
function summarise(serverText: string): string {
  const bodyStart = serverText.indexOf('{');
  if (bodyStart <= 0) return serverText;
  try {
    const inner = reportedErrorText(JSON.parse(serverText.slice(bodyStart)));
    return inner === undefined ? serverText : `${serverText.slice(0, bodyStart).trimEnd()} ${inner}`;
  } catch {
    return serverText;
  }
}

function textOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return JSON.stringify(error);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
