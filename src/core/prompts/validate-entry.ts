// The shapes /v1/generate accepts as a prompt (protocol §1.2): a string, {"prompt": string} or
// {"messages": [{role, content}, ...]}. Anything else makes the server fail the whole batch with an
// HTTP 500, so it is caught here, before anything is sent.

import type { ChatMessage, PromptEntry } from '../api/types';
import { describeValue, hasOwn, isPlainObject } from './describe-value';
import type { JsonPath } from './prompt-types';

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
