// A chat conversation from a file: .json holds {"messages": [...]} or an array of messages, .jsonl/.ndjson
// one message per line, and any other file is the text of one user message.

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

/** Throws a PromptInputError, with line and column where known, at the first problem. */
export function parseChatDocument(text: string, fileName: string): ChatMessage[] {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.json') return jsonChat(stripByteOrderMark(text), fileName);
  if (extension === '.jsonl' || extension === '.ndjson') return jsonlChat(splitTextLines(text), fileName);
  return textChat(splitTextLines(text), fileName);
}

function jsonChat(text: string, file: string): ChatMessage[] {
  const locator = new JsonTextLocator(text, file);
  const scan = scanJson(text, entriesDepth(text));
  if (!scan.ok) throw locator.errorAt(scan.offset, `invalid JSON: ${scan.problem}`);
  const root = scan.root;
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return messagesOf(value, root, [], locator);
  if (!isPlainObject(value)) throw locator.errorAt(root.start, `expected ${chatShapes}; got ${describeValue(value)}`);

  const unknownKey = Object.keys(value).find((key) => key !== 'messages');
  if (unknownKey !== undefined) {
    const detail = `unknown key ${JSON.stringify(unknownKey)}; a chat document holds only "messages" (the model and settings are chosen in the chat)`;
    throw locator.errorAt(memberOf(root, unknownKey)?.keyStart ?? root.start, detail);
  }
  const messagesNode = memberOf(root, 'messages')?.value;
  if (messagesNode === undefined) throw locator.errorAt(root.start, `missing "messages"; expected ${chatShapes}`);
  return messagesOf(value.messages, messagesNode, ['messages'], locator);
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

function jsonlChat(lines: string[], file: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  lines.forEach((line, index) => {
    if (isBlank(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (parseError) {
      throw jsonLineError(line, parseError, file, index + 1);
    }
    const check = validateChatMessage(value);
    if ('problem' in check) throw new PromptInputError({ file, line: index + 1 }, check.problem);
    messages.push(check.message);
  });
  if (messages.length === 0) {
    throw new PromptInputError({ file, line: 1 }, 'no messages; expected one message {"role": "...", "content": "..."} per line');
  }
  return messages;
}

/** The whole text, without the blank lines around it, is what the user says. */
function textChat(lines: string[], file: string): ChatMessage[] {
  const piece = trimmedPiece(lines, 0, lines.length);
  if (piece === undefined) throw new PromptInputError({ file, line: 1 }, 'the file is empty; expected the text of a message');
  return [{ role: 'user', content: piece.text }];
}
