// Minimal but real checks that each 2xx answer has the shape the client hands on, so a wrong base URL,
// a gateway page or an incompatible server fails here with a clear MalformedResponseError instead of
// deep inside a caller. Fields the client does not use are passed through unchecked.

import { embeddingText, isVector } from './embedding';
import type { ErrorContext } from './errors';
import { shapeError } from './json-body';
import { serverReportedError } from './reported-errors';
import type { ChatCompletion, Completion, GenerateResponse, GenerateResult, Health, ModelInfo, RequestDetail, RequestPage, RequestRow, TrainingJob } from './types';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordOrFail(json: unknown, context: ErrorContext, what: string): Json {
  if (!isRecord(json)) throw shapeError(context, `${what} is not a JSON object`, json);
  return json;
}

function arrayOrFail(json: Json, key: string, context: ErrorContext): unknown[] {
  const value = json[key];
  if (!Array.isArray(value)) throw shapeError(context, `"${key}" is not a list`, json);
  return value;
}

/**
 * {"results": [{request_id, response, error}]} (protocol §1.4). Pending items have response and error null. A
 * response that is a list of numbers is an embedding (§9): handed on as its text (embedding.ts).
 */
export function generateResponseFrom(json: unknown, context: ErrorContext): GenerateResponse {
  const body = recordOrFail(json, context, 'the body');
  const results = arrayOrFail(body, 'results', context).map((item, i): GenerateResult => {
    const where = `results[${i}]`;
    if (!isRecord(item)) throw shapeError(context, `${where} is not an object`, json);
    const { request_id: requestId, response = null, error = null } = item;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') throw shapeError(context, `${where}.request_id is missing`, json);
    if (response !== null && typeof response !== 'string' && !isVector(response)) throw shapeError(context, `${where}.response is neither text, a list of numbers, nor null`, json);
    if (error !== null && typeof error !== 'string') throw shapeError(context, `${where}.error is neither text nor null`, json);
    return { request_id: requestId, response: isVector(response) ? embeddingText(response) : response, error };
  });
  return { results };
}

/** The OpenAI list `{"object": "list", "data": [{id, ...}]}` that /v1/models passes through from vLLM (protocol §7). */
export function modelsFrom(json: unknown, context: ErrorContext): ModelInfo[] {
  const data = arrayOrFail(recordOrFail(json, context, 'the body'), 'data', context);
  return data.map((model, i) => {
    if (!isRecord(model) || typeof model.id !== 'string') throw shapeError(context, `data[${i}].id is missing`, json);
    return model as ModelInfo;
  });
}

/**
 * {"models": [{name, deployed, status, start_time, step, max_steps, train_time, loss}]} (protocol §7). Only
 * the name is required: the other fields describe a job, and one of the wrong type is dropped, not fatal.
 */
export function trainingJobsFrom(json: unknown, context: ErrorContext): TrainingJob[] {
  const models = arrayOrFail(recordOrFail(json, context, 'the body'), 'models', context);
  return models.map((model, i) => {
    if (!isRecord(model) || typeof model.name !== 'string') throw shapeError(context, `models[${i}].name is missing`, json);
    const job: TrainingJob = { name: model.name };
    if (typeof model.deployed === 'boolean') job.deployed = model.deployed;
    if (typeof model.status === 'string') job.status = model.status;
    if (isFiniteNumber(model.start_time)) job.startTime = model.start_time;
    if (isFiniteNumber(model.step)) job.step = model.step;
    if (isFiniteNumber(model.max_steps)) job.maxSteps = model.max_steps;
    if (isFiniteNumber(model.train_time)) job.trainTimeSeconds = model.train_time;
    if (isFiniteNumber(model.loss)) job.loss = model.loss;
    return job;
  });
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** {"api", "vllm", "megatron"?, "all"} (protocol §7). */
export function healthFrom(json: unknown, context: ErrorContext): Health {
  const body = recordOrFail(json, context, 'the body');
  if (typeof body.all !== 'string' || body.api === undefined || body.vllm === undefined) {
    throw shapeError(context, 'it lacks "api", "vllm" or "all"', json);
  }
  return body as unknown as Health;
}

export function keepaliveFrom(json: unknown, context: ErrorContext): { status: string } {
  const body = recordOrFail(json, context, 'the body');
  if (typeof body.status !== 'string') throw shapeError(context, '"status" is missing', json);
  return { status: body.status };
}

export function metricsObjectFrom(json: unknown, context: ErrorContext): Json {
  return recordOrFail(json, context, 'the body');
}

/** {"rows": [...], "next_cursor": float | null, "has_more": bool} (protocol §5.1). */
export function requestPageFrom(json: unknown, context: ErrorContext): RequestPage {
  const body = recordOrFail(json, context, 'the body');
  const rows = arrayOrFail(body, 'rows', context).map((row, i) => {
    if (!isRecord(row) || typeof row.request_id !== 'string' || typeof row.mtime !== 'number') {
      throw shapeError(context, `rows[${i}] lacks request_id or mtime`, json);
    }
    return row as unknown as RequestRow;
  });
  const { next_cursor: nextCursor = null, has_more: hasMore } = body;
  if (nextCursor !== null && typeof nextCursor !== 'number') throw shapeError(context, '"next_cursor" is neither a number nor null', json);
  if (typeof hasMore !== 'boolean') throw shapeError(context, '"has_more" is missing', json);
  return { rows, next_cursor: nextCursor, has_more: hasMore };
}

/** GET /v1/generate/request/{id} (protocol §5.2). */
export function requestDetailFrom(json: unknown, context: ErrorContext): RequestDetail {
  const body = recordOrFail(json, context, 'the body');
  if (typeof body.request_id !== 'string') throw shapeError(context, '"request_id" is missing', json);
  return body as unknown as RequestDetail;
}

/**
 * The chat queue's completion (protocol §6.2). A worker failure is a 200 with `finish_reason: "error"`;
 * its top-level `error` was already turned into a ServerReportedError by parseJsonBody, so a choice that
 * still says "error" here came without a message.
 */
export function chatCompletionFrom(json: unknown, context: ErrorContext): ChatCompletion {
  const body = recordOrFail(json, context, 'the body');
  arrayOrFail(body, 'choices', context).forEach((choice, i) => {
    if (!isRecord(choice) || !isRecord(choice.message)) throw shapeError(context, `choices[${i}].message is missing`, json);
    if (choice.finish_reason === 'error') {
      const content = typeof choice.message.content === 'string' ? choice.message.content : '';
      throw serverReportedError(context, 'finish_reason "error", without an error message', content, JSON.stringify(json));
    }
  });
  return body as unknown as ChatCompletion;
}

export function completionFrom(json: unknown, context: ErrorContext): Completion {
  const body = recordOrFail(json, context, 'the body');
  arrayOrFail(body, 'choices', context).forEach((choice, i) => {
    if (!isRecord(choice) || typeof choice.text !== 'string') throw shapeError(context, `choices[${i}].text is missing`, json);
  });
  return body as unknown as Completion;
}
