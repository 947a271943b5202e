import * as assert from 'node:assert/strict';
import { parseChatDocument } from '../../../../src/core/prompts/chat-document';
import { PromptInputError } from '../../../../src/core/prompts/problems';

function chatError(text: string, fileName: string): PromptInputError {
  try {
    parseChatDocument(text, fileName);
  } catch (error) {
    assert.ok(error instanceof PromptInputError, String(error));
    return error;
  }
  assert.fail('expected a PromptInputError');
}

const conversation = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hi' },
];

describe('parseChatDocument', () => {
  it('reads {"messages": [...]} and an array of messages from .json', () => {
    assert.deepEqual(parseChatDocument(JSON.stringify({ messages: conversation }, null, 2), 'chat.json'), conversation);
    assert.deepEqual(parseChatDocument('\uFEFF' + JSON.stringify(conversation), 'chat.JSON'), conversation);
  });

  it('reads one message per line from .jsonl', () => {
    const text = conversation.map((message) => JSON.stringify(message)).join('\r\n\r\n') + '\r\n';
    assert.deepEqual(parseChatDocument(text, 'chat.jsonl'), conversation);
  });

  it('makes any other file one user message', () => {
    assert.deepEqual(parseChatDocument('\r\n  Tell me a joke.\r\nA short one.\r\n\r\n', 'ask.md'), [
      { role: 'user', content: '  Tell me a joke.\nA short one.' },
    ]);
  });

  it('points at the message that is wrong', () => {
    const text = '{\n  "messages": [\n    {"role": "user", "content": "a"},\n    {"role": 1, "content": "b"}\n  ]\n}';
    const error = chatError(text, 'chat.json');
    assert.equal(error.message, 'chat.json:4:14: messages[1]: "role" must be a non-empty string such as "user", "assistant" or "system"; got a number (1)');
    assert.equal(chatError('{"role": "user", "content": "a"}\n{"content": "x"}', 'chat.jsonl').message, 'chat.jsonl:2: missing "role"; expected a string such as "user", "assistant" or "system"');
  });

  it('says what a chat document must be', () => {
    assert.match(chatError('{"messages": [], "model": "m"}', 'c.json').message, /^c\.json:1:18: unknown key "model"; a chat document holds only "messages"/);
    assert.match(chatError('{"messages": []}', 'c.json').message, /^c\.json:1:14: "messages" must be a non-empty array of messages; got an empty array$/);
    assert.match(chatError('{}', 'c.json').message, /^c\.json:1:1: missing "messages"; expected \{"messages"/);
    assert.match(chatError('"hi"', 'c.json').message, /^c\.json:1:1: expected \{"messages".* or an array of messages; got a string$/);
    assert.match(chatError('[{"role": "user", "content": "a"}', 'c.json').message, /^c\.json:1:34: invalid JSON: expected ',' or '\]'/);
    assert.match(chatError('{"role": "user", "content": "a"', 'c.jsonl').message, /^c\.jsonl:1:32: invalid JSON/);
    assert.match(chatError('\n\n', 'c.jsonl').message, /^c\.jsonl:1: no messages/);
    assert.match(chatError(' \n', 'c.txt').message, /^c\.txt:1: the file is empty/);
  });
});
