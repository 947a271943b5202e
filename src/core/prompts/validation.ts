// What a valid prompt entry, chat message and GenerateRequest key look like, and how a wrong value is
// described to the person who wrote it.

import type { ChatMessage, PromptEntry } from '../api/types';
import type { JsonPath, BatchDefaults } from './types';

// Names what a parsed JSON value is, for the "got ..." half of an error message.

const shownKeys = 4;

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object {}';
    const listed = keys.slice(0, shownKeys).map((key) => JSON.stringify(key)).join(', ');
    return `an object with keys ${listed}${keys.length > shownKeys ? ', ...' : ''}`;
  }
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

// The shapes /v1/generate accepts as a prompt (protocol §1.2): a string, {"prompt": string} or
// {"messages": [{role, content}, ...]}. Anything else makes the server fail the whole batch with an
// HTTP 500, so it is caught here, before anything is sent.

/**
 * A problem in a value, in words that say what is wrong and what is expected. `path` points, inside the
 * value, at the part the problem is about, so a JSON document can locate it to the line and column.
 * The text already names nested parts (`messages[1]: ...`); callers prefix where the value itself is.
 */
export interface ValueProblem {
  problem: string;
  path: JsonPath;
}

export type EntryCheck = { entry: PromptEntry; warning?: string } | ValueProblem;
export type MessageCheck = { message: ChatMessage } | ValueProblem;

const entryShapes = 'a string, {"prompt": "..."} or {"messages": [...]}';
const roleExamples = '"user", "assistant" or "system"';
const contentShapes = 'a string, an array of content parts, or null';

export function validatePromptEntry(value: unknown): EntryCheck {
  if (typeof value === 'string') {
    return value === '' ? at([], 'expected a non-empty prompt; got an empty string') : { entry: value };
  }
  if (!isPlainObject(value)) return at([], `expected a prompt: ${entryShapes}; got ${describeValue(value)}`);

  const hasPrompt = hasOwn(value, 'prompt');
  const hasMessages = hasOwn(value, 'messages');
  if (hasPrompt && hasMessages) {
    return at([], 'expected exactly one of "prompt" or "messages"; got both (the server rejects the entry)');
  }
  if (!hasPrompt && !hasMessages) {
    const legacy = hasOwn(value, 'text') ? ' (the legacy {"text", "images"} form is no longer accepted by /v1/generate)' : '';
    return at([], `expected a prompt: ${entryShapes}; got ${describeValue(value)}${legacy}`);
  }

  const ignored = Object.keys(value).filter((key) => key !== 'prompt' && key !== 'messages');
  const warning = ignored.length > 0 ? ignoredKeysWarning(ignored) : undefined;
  if (hasPrompt) {
    const prompt = value.prompt;
    if (typeof prompt !== 'string' || prompt === '') {
      return at(['prompt'], `"prompt" must be a non-empty string; got ${describeValue(prompt)}`);
    }
    return withWarning({ entry: { prompt } }, warning);
  }
  const messages = validateMessages(value.messages);
  if ('problem' in messages) return messages;
  return withWarning({ entry: { messages: messages.messages } }, warning);
}

/** The `messages` of an entry: a non-empty array of chat messages. */
function validateMessages(value: unknown): { messages: ChatMessage[] } | ValueProblem {
  if (!Array.isArray(value) || value.length === 0) {
    return at(['messages'], `"messages" must be a non-empty array of {"role": "...", "content": "..."}; got ${describeValue(value)}`);
  }
  for (let index = 0; index < value.length; index++) {
    const check = validateChatMessage(value[index]);
    if ('problem' in check) return nested(['messages', index], check);
  }
  return { messages: value as ChatMessage[] };
}

/** One chat message: {role: non-empty string, content: string | array | null}; other keys are kept. */
export function validateChatMessage(value: unknown): MessageCheck {
  if (!isPlainObject(value)) {
    return at([], `expected a message {"role": "...", "content": "..."}; got ${describeValue(value)}`);
  }
  if (!hasOwn(value, 'role')) return at([], `missing "role"; expected a string such as ${roleExamples}`);
  if (typeof value.role !== 'string' || value.role === '') {
    return at(['role'], `"role" must be a non-empty string such as ${roleExamples}; got ${describeValue(value.role)}`);
  }
  if (!hasOwn(value, 'content')) return at([], `missing "content"; expected ${contentShapes}`);
  const content = value.content;
  if (!(typeof content === 'string' || Array.isArray(content) || content === null)) {
    return at(['content'], `"content" must be ${contentShapes}; got ${describeValue(content)}`);
  }
  return { message: value as unknown as ChatMessage };
}

/** A problem of a part, seen from its container: the text gains the part's name, the path its steps. */
export function nested(path: JsonPath, inner: ValueProblem): ValueProblem {
  return { problem: namedProblem(path, inner.problem), path: [...path, ...inner.path] };
}

/** `messages[1]: missing "role"; ...` */
export function namedProblem(path: JsonPath, problem: string): string {
  return `${formatJsonPath(path)}: ${problem}`;
}

/** `prompts[3].messages[1]`, `[2]`: JSON paths the way people write them. */
export function formatJsonPath(path: JsonPath): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else text += /^[A-Za-z_$][\w$]*$/.test(step) ? `${text === '' ? '' : '.'}${step}` : `[${JSON.stringify(step)}]`;
  }
  return text;
}

function ignoredKeysWarning(keys: string[]): string {
  const listed = keys.map((key) => JSON.stringify(key)).join(', ');
  return `the server ignores ${listed} inside a prompt entry; only the batch-level model, max_tokens, ... apply`;
}

function at(path: JsonPath, problem: string): ValueProblem {
  return { problem, path };
}

function withWarning(check: { entry: PromptEntry }, warning: string | undefined): EntryCheck {
  return warning === undefined ? check : { ...check, warning };
}

// The batch-level settings of a GenerateRequest-shaped document (protocol §1.1). The server ignores
// unknown top-level keys, so a misspelt "max_token" would silently do nothing: here it is an error.

export const generateRequestKeys = ['prompts', 'model', 'max_tokens', 'temperature', 'tools', 'tool_choice'];

/** A problem with one top-level key: with the key itself (unknown) or with its value. */
export interface KeyProblem {
  key: string;
  problem: string;
  atKey: boolean;
}

export interface BatchDefaultsCheck {
  defaults: BatchDefaults;
  problems: KeyProblem[];
}

/** Reads every top-level key except `prompts`, which the document parser handles. */
export function readBatchDefaults(request: Record<string, unknown>): BatchDefaultsCheck {
  const defaults: BatchDefaults = {};
  const problems: KeyProblem[] = [];
  const valueProblem = (key: string, expected: string) =>
    problems.push({ key, problem: `"${key}" must be ${expected}; got ${describeValue(request[key])}`, atKey: false });

  for (const [key, value] of Object.entries(request)) {
    switch (key) {
      case 'prompts':
        break;
      case 'model':
        // null means the deployment's default model, exactly as if the key were absent.
        if (typeof value === 'string' && value !== '') defaults.model = value;
        else if (value !== null) valueProblem(key, 'a model name (a non-empty string) or null');
        break;
      case 'max_tokens':
        // Not null: the server reads an explicit null as 128 but an absent key as 16 (protocol §1.1).
        if (Number.isInteger(value) && (value as number) > 0) defaults.max_tokens = value as number;
        else valueProblem(key, 'a positive integer (leave the key out for the server default of 16)');
        break;
      case 'temperature':
        if (typeof value === 'number' && value >= 0) defaults.temperature = value;
        else if (value !== null) valueProblem(key, 'a number, 0 or more');
        break;
      case 'tools':
        if (Array.isArray(value)) defaults.tools = value;
        else if (value !== null) valueProblem(key, 'an array of tool definitions');
        break;
      case 'tool_choice':
        if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) {
          defaults.tool_choice = value as string | Record<string, unknown>;
        } else if (value !== null) valueProblem(key, 'a string such as "auto", or an object');
        break;
      default:
        problems.push({ key, problem: `unknown key ${JSON.stringify(key)}; allowed keys: ${generateRequestKeys.join(', ')}`, atKey: true });
    }
  }
  return { defaults, problems };
}
