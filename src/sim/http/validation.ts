// FastAPI's 422 for a request that fails Pydantic v2 validation: `{"detail": [{type, loc, msg, input}, ...]}`
// (protocol §0). Only the coercions Pydantic's lax mode really does are accepted (an int from "16" or 16.0,
// a float from an int); strings are never made from numbers.

import type { ServerResponse } from 'node:http';
import { pyJsonLoads } from '../wire/python-json-loads';
import { sendJson } from './reply';

export type Loc = (string | number)[];

export interface Issue {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

const MESSAGES: Record<string, string> = {
  missing: 'Field required',
  string_type: 'Input should be a valid string',
  int_type: 'Input should be a valid integer',
  int_parsing: 'Input should be a valid integer, unable to parse string as an integer',
  int_from_float: 'Input should be a valid integer, got a number with a fractional part',
  float_type: 'Input should be a valid number',
  float_parsing: 'Input should be a valid number, unable to parse string as a number',
  bool_type: 'Input should be a valid boolean',
  list_type: 'Input should be a valid list',
  dict_type: 'Input should be a valid dictionary',
  model_attributes_type: 'Input should be a valid dictionary or object to extract fields from',
  json_invalid: 'JSON decode error',
};

export class Issues {
  readonly list: Issue[] = [];

  add(type: keyof typeof MESSAGES, loc: Loc, input: unknown, ctx?: Record<string, unknown>): undefined {
    this.list.push({ type, loc, msg: MESSAGES[type], input, ...(ctx ? { ctx } : {}) });
    return undefined;
  }

  get found(): boolean {
    return this.list.length > 0;
  }
}

export function sendValidationError(res: ServerResponse, issues: Issues): void {
  sendJson(res, 422, { detail: issues.list });
}

/** The JSON body as an object, or undefined with the issue FastAPI reports (no body, bad JSON, not an object). */
export function parseBodyObject(raw: Buffer, issues: Issues): Record<string, unknown> | undefined {
  if (raw.length === 0) return issues.add('missing', ['body'], null);
  const decoded = pyJsonLoads(raw.toString('utf8'));
  // FastAPI: loc is the decoder's position, ctx.error its message (protocol §11).
  if (!decoded.ok) return issues.add('json_invalid', ['body', decoded.position], {}, { error: decoded.message });
  const value = decoded.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return issues.add('model_attributes_type', ['body'], value);
  return value as Record<string, unknown>;
}

/** A required field: reported missing (with the whole object as input) when absent. */
export function requireField(object: Record<string, unknown>, key: string, loc: Loc, issues: Issues): unknown {
  if (!(key in object)) return issues.add('missing', [...loc, key], object);
  return object[key];
}

export function checkString(value: unknown, loc: Loc, issues: Issues): string | undefined {
  return typeof value === 'string' ? value : issues.add('string_type', loc, value);
}

export function checkInt(value: unknown, loc: Loc, issues: Issues): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isInteger(value) ? value : issues.add('int_from_float', loc, value);
  if (typeof value === 'string') return /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : issues.add('int_parsing', loc, value);
  return issues.add('int_type', loc, value);
}

export function checkFloat(value: unknown, loc: Loc, issues: Issues): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(text)) return Number(text);
    if (/^[+-]?(inf|infinity)$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
    if (/^[+-]?nan$/.test(text)) return NaN;
    return issues.add('float_parsing', loc, value);
  }
  return issues.add('float_type', loc, value);
}

export function checkList(value: unknown, loc: Loc, issues: Issues): unknown[] | undefined {
  return Array.isArray(value) ? value : issues.add('list_type', loc, value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
