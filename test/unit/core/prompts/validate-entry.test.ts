import * as assert from 'node:assert/strict';
import { formatJsonPath, validateChatMessage, validatePromptEntry, type EntryCheck } from '../../../../src/core/prompts/validation';

function problemOf(check: EntryCheck): { problem: string; path: unknown[] } {
  assert.ok('problem' in check, `expected a problem, got ${JSON.stringify(check)}`);
  return check;
}

describe('validatePromptEntry', () => {
  it('accepts the three shapes the server takes', () => {
    assert.deepEqual(validatePromptEntry('hello'), { entry: 'hello' });
    assert.deepEqual(validatePromptEntry({ prompt: 'hello' }), { entry: { prompt: 'hello' } });
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: null, tool_calls: [] },
    ];
    assert.deepEqual(validatePromptEntry({ messages }), { entry: { messages } });
  });

  it('rejects values that are not prompts, saying what is expected and what it got', () => {
    const expected = 'expected a prompt: a string, {"prompt": "..."} or {"messages": [...]}; got ';
    assert.equal(problemOf(validatePromptEntry(42)).problem, `${expected}a number (42)`);
    assert.equal(problemOf(validatePromptEntry(null)).problem, `${expected}null`);
    assert.equal(problemOf(validatePromptEntry(['a'])).problem, `${expected}an array of 1`);
    assert.equal(problemOf(validatePromptEntry({})).problem, `${expected}an empty object {}`);
    assert.equal(problemOf(validatePromptEntry(true)).problem, `${expected}true`);
  });

  it('names the keys of an object that has neither prompt nor messages, and the legacy form', () => {
    assert.match(problemOf(validatePromptEntry({ text: 'a', images: [] })).problem, /got an object with keys "text", "images" \(the legacy/);
  });

  it('rejects empty prompts, both keys at once, and a prompt that is not a string', () => {
    assert.equal(problemOf(validatePromptEntry('')).problem, 'expected a non-empty prompt; got an empty string');
    assert.match(problemOf(validatePromptEntry({ prompt: 'a', messages: [] })).problem, /exactly one of "prompt" or "messages"; got both/);
    assert.deepEqual(problemOf(validatePromptEntry({ prompt: 7 })), {
      problem: '"prompt" must be a non-empty string; got a number (7)',
      path: ['prompt'],
    });
  });

  it('rejects messages that are not a non-empty array', () => {
    assert.match(problemOf(validatePromptEntry({ messages: 'hi' })).problem, /^"messages" must be a non-empty array .*; got a string$/);
    assert.match(problemOf(validatePromptEntry({ messages: [] })).problem, /got an empty array$/);
  });

  it('points at the message that is wrong, and at the field', () => {
    const noRole = problemOf(validatePromptEntry({ messages: [{ role: 'user', content: 'a' }, { content: 'b' }] }));
    assert.deepEqual(noRole, {
      problem: 'messages[1]: missing "role"; expected a string such as "user", "assistant" or "system"',
      path: ['messages', 1],
    });
    const badContent = problemOf(validatePromptEntry({ messages: [{ role: 'user', content: 3 }] }));
    assert.deepEqual(badContent.path, ['messages', 0, 'content']);
    assert.match(badContent.problem, /^messages\[0\]: "content" must be a string, an array of content parts, or null; got a number/);
    assert.match(problemOf(validatePromptEntry({ messages: [{ role: 'user' }] })).problem, /missing "content"/);
    assert.match(problemOf(validatePromptEntry({ messages: ['hi'] })).problem, /^messages\[0\]: expected a message/);
  });

  it('accepts extra keys, drops them from the entry and warns that the server ignores them', () => {
    const check = validatePromptEntry({ prompt: 'a', model: 'm', max_tokens: 5 });
    assert.ok('entry' in check);
    assert.deepEqual(check.entry, { prompt: 'a' });
    assert.match(check.warning ?? '', /the server ignores "model", "max_tokens" inside a prompt entry/);
  });
});

describe('validateChatMessage', () => {
  it('keeps the fields of a valid message', () => {
    const message = { role: 'tool', content: '42', tool_call_id: 'c1' };
    assert.deepEqual(validateChatMessage(message), { message });
  });

  it('rejects an empty or non-string role', () => {
    const check = validateChatMessage({ role: '', content: 'a' });
    assert.ok('problem' in check);
    assert.deepEqual(check.path, ['role']);
    assert.match(check.problem, /"role" must be a non-empty string/);
  });
});

describe('formatJsonPath', () => {
  it('writes paths the way people read them', () => {
    assert.equal(formatJsonPath(['prompts', 3, 'messages', 1]), 'prompts[3].messages[1]');
    assert.equal(formatJsonPath([2, 'content']), '[2].content');
    assert.equal(formatJsonPath(['odd key']), '["odd key"]');
  });
});
