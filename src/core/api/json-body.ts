// The JSON of a 2xx body, with the framings the server really uses: leading heartbeat whitespace
// (protocol §6.2), and `data: {...}` SSE framing on responses labelled text/event-stream even without
// stream: true (every /v1/completions answer, and non-streaming chat on older servers; protocol §6.1,
// §10.2). An error the body reports (vLLM's error objects, ScalarLM's `{"error": ...}`) becomes a
// ServerReportedError; a body that is not JSON, a MalformedResponseError (or NonJsonBodyError for an
// HTML page: something other than the API answered).

import { type ErrorContext, MalformedResponseError, NonJsonBodyError } from './errors';
import { reportedErrorText, serverReportedError, unwrapErrorEvent } from './reported-errors';
import { baseUrlAdvice } from './transport-errors';

const DATA_FIELD = 'data:';
const EXCERPT_CHARS = 300;

export interface SuccessBody {
  text: string;
  status: number;
  contentType: string | undefined;
}

export function parseJsonBody(body: SuccessBody, context: ErrorContext): unknown {
  const text = body.text.trim();
  const payload = text.startsWith(DATA_FIELD) ? firstEventData(text) : text;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch (error) {
    const serverText = unwrapErrorEvent(payload);
    if (serverText !== undefined) throw serverReportedError(context, serverText, '', payload);
    if (body.contentType?.includes('text/html')) {
      throw new NonJsonBodyError(
        `${context.method} ${context.path} got an HTML page instead of JSON (HTTP ${body.status}). ${baseUrlAdvice(context)}: it should point at the ScalarLM API (for example http://host:8000), not its web UI or a gateway's login page.`,
        context, body.status, body.contentType, text.slice(0, EXCERPT_CHARS),
      );
    }
    throw new MalformedResponseError(
      `The deployment answered ${context.method} ${context.path} with a body that is not valid JSON (HTTP ${body.status}, ${text.length} characters, starting "${text.slice(0, 80)}"). ${baseUrlAdvice(context)}; the body may also have been cut short.`,
      context, text.slice(0, EXCERPT_CHARS), context.method === 'POST', { cause: error },
    );
  }
  const errorText = reportedErrorText(json);
  if (errorText !== undefined) throw serverReportedError(context, errorText, '', payload);
  return json;
}

/** The data of the first event of an SSE-framed body (these bodies carry one event). */
function firstEventData(text: string): string {
  const lineEnd = text.search(/\r|\n/);
  return text.slice(DATA_FIELD.length, lineEnd === -1 ? undefined : lineEnd).trim();
}

export function shapeError(context: ErrorContext, problem: string, json: unknown): MalformedResponseError {
  const excerpt = JSON.stringify(json)?.slice(0, EXCERPT_CHARS) ?? String(json);
  return new MalformedResponseError(
    `The deployment's answer to ${context.method} ${context.path} does not have the expected shape: ${problem}. Is the base URL pointing at a ScalarLM deployment of a supported version? The body is in the log (trace id ${context.traceId}).`,
    context, excerpt, context.method === 'POST',
  );
}
