// A chat conversation from a file: .json holds {"messages": [...]} or an array of messages, .jsonl/.ndjson
// one message per line, and any other file is the text of one user message. A chat file for the chat
// panel may also carry OpenAI `tools`, `tool_choice` and `response_format`: beside "messages" in .json, or
// on a line of their own in .jsonl (`{"tools": [...], "tool_choice": "auto"}`).

import { extname } from 'node:path';
import type { ChatMessage } from '../api/types';
import { trimmedPiece } from './formats';
import { jsonLineError, entriesDepth, memberOf, JsonTextLocator } from './json-locating';
import { scanJson, type JsonNode } from './json-scanner';
import { PromptInputError } from './problems';
import { isBlank, splitTextLines, stripByteOrderMark } from './text';
import type { JsonPath } from './types';
import { describeValue, isPlainObject, namedProblem, validateChatMessage } from './validation';

const chatShapes = '{"messages": [{"role": "...", "content": "..."}, ...]} or an array of messages';

/** OpenAI fields sent with every turn besides the messages. */
export interface ChatFileExtras {
  tools?: unknown[];
  tool_choice?: unknown;
  response_format?: unknown;
}

export interface ChatFile {
  messages: ChatMessage[];
  extras: ChatFileExtras;
}

const EXTRA_KEYS = ['tools', 'tool_choice', 'response_format'] as const;

/** Throws a PromptInputError, with line and column where known, at the first problem. */
export function parseChatDocument(text: string, fileName: string): ChatMessage[] {
  return parseChat(text, fileName, false).messages;
}

/** A chat file with its tools (see above); throws a PromptInputError at the first problem. */
export function parseChatFile(text: string, fileName: string): ChatFile {
  return parseChat(text, fileName, true);
}

function parseChat(text: string, fileName: string, withExtras: boolean): ChatFile {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.json') return jsonChat(stripByteOrderMark(text), fileName, withExtras);
  if (extension === '.jsonl' || extension === '.ndjson') return jsonlChat(splitTextLines(text), fileName, withExtras);
  return { messages: textChat(splitTextLines(text), fileName), extras: {} };
}

function jsonChat(text: string, file: string, withExtras: boolean): ChatFile {
  const locator = new JsonTextLocator(text, file);
  const scan = scanJson(text, entriesDepth(text));
  if (!scan.ok) throw locator.errorAt(scan.offset, `invalid JSON: ${scan.problem}`);
  const root = scan.root;
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return { messages: messagesOf(value, root, [], locator), extras: {} };
  if (!isPlainObject(value)) throw locator.errorAt(root.start, `expected ${chatShapes}; got ${describeValue(value)}`);

  const known = (key: string) => key === 'messages' || (withExtras && (EXTRA_KEYS as readonly string[]).includes(key));
  const unknownKey = Object.keys(value).find((key) => !known(key));
  if (unknownKey !== undefined) {
    const holds = withExtras ? '"messages" and optionally "tools", "tool_choice" and "response_format"' : 'only "messages"';
    const detail = `unknown key ${JSON.stringify(unknownKey)}; a chat document holds ${holds} (the model and settings are chosen in the chat)`;
    throw locator.errorAt(memberOf(root, unknownKey)?.keyStart ?? root.start, detail);
  }
  const messagesNode = memberOf(root, 'messages')?.value;
  if (messagesNode === undefined) throw locator.errorAt(root.start, `missing "messages"; expected ${chatShapes}`);
  const extras = extrasOf(value, (key, problem) => locator.errorAt(memberOf(root, key)?.value.start ?? root.start, `"${key}" must be ${problem}`));
  return { messages: messagesOf(value.messages, messagesNode, ['messages'], locator), extras };
}

/** The extras of an object, checked: `fail` makes the error for a key whose value is of the wrong kind. */
function extrasOf(value: Record<string, unknown>, fail: (key: string, problem: string) => PromptInputError): ChatFileExtras {
  const extras: ChatFileExtras = {};
  if (value.tools !== undefined) {
    if (!Array.isArray(value.tools) || !value.tools.every(isPlainObject)) throw fail('tools', `an array of tool definitions ({"type": "function", "function": {...}}); got ${describeValue(value.tools)}`);
    extras.tools = value.tools;
  }
  if (value.tool_choice !== undefined) {
    const choice = value.tool_choice;
    if (!(typeof choice === 'string' || isPlainObject(choice) || choice === null)) throw fail('tool_choice', `"auto", "none", "required" or {"type": "function", ...}; got ${describeValue(choice)}`);
    extras.tool_choice = choice;
  }
  if (value.response_format !== undefined) {
    if (!isPlainObject(value.response_format)) throw fail('response_format', `an object such as {"type": "json_object"}; got ${describeValue(value.response_format)}`);
    extras.response_format = value.response_format;
  }
  return extras;
}

function messagesOf(values: unknown, node: JsonNode, path: JsonPath, locator: JsonTextLocator): ChatMessage[] {
  if (!Array.isArray(values) || values.length === 0) {
    const subject = path.length === 0 ? 'the document' : '"messages"';
    throw locator.errorAt(node.start, `${subject} must be a non-empty array of messages; got ${describeValue(values)}`);
  }
  const elements = node.elements ?? [];
  return values.map((value, index) => {
    const check = validateChatMessage(value);
    if ('problem' in check) throw locator.errorIn(elements[index], check, namedProblem([...path, index], check.problem));
    return check.message;
  });
}

function jsonlChat(lines: string[], file: string, withExtras: boolean): ChatFile {
  const messages: ChatMessage[] = [];
  let extras: ChatFileExtras = {};
  lines.forEach((line, index) => {
    if (isBlank(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (parseError) {
      throw jsonLineError(line, parseError, file, index + 1);
    }
    if (withExtras && isExtrasLine(value)) {
      extras = { ...extras, ...extrasOf(value, (key, problem) => new PromptInputError({ file, line: index + 1 }, `"${key}" must be ${problem}`)) };
      return;
    }
    const check = validateChatMessage(value);
    if ('problem' in check) throw new PromptInputError({ file, line: index + 1 }, check.problem);
    messages.push(check.message);
  });
  if (messages.length === 0) {
    throw new PromptInputError({ file, line: 1 }, 'no messages; expected one message {"role": "...", "content": "..."} per line');
  }
  return { messages, extras };
}

/** A line that is not a message but the conversation's tools: an object of extras keys only. */
function isExtrasLine(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => (EXTRA_KEYS as readonly string[]).includes(key));
}

/** The whole text, without the blank lines around it, is what the user says. */
function textChat(lines: string[], file: string): ChatMessage[] {
  const piece = trimmedPiece(lines, 0, lines.length);
  if (piece === undefined) throw new PromptInputError({ file, line: 1 }, 'the file is empty; expected the text of a message');
  return [{ role: 'user', content: piece.text }];
}
