// Conversation records: what each turn sends (its own controls, tool calls and their results, the file's
// tools), records saved before turns kept their controls, the store's listing, export and import.

import assert from 'node:assert/strict';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer } from '../../../../src/core/chat/answer';
import {
  chatBody,
  chatRequest,
  columnSettings,
  conversationMessages,
  ConversationStore,
  endsInToolResults,
  messagesFor,
  nextColumnSettings,
  toolCallsOpen,
  toolResultsComplete,
  type ConversationRecord,
} from '../../../../src/core/chat/conversation';
import { conversationJson, conversationMarkdown } from '../../../../src/core/chat/conversation-export';
import { importMessages } from '../../../../src/core/chat/conversation-import';
import { parseChatFile } from '../../../../src/core/prompts/chat-document';
import { useTempDir } from '../../helpers/temp-dir';

function done(content: string, extra: Partial<Answer> = {}): Answer {
  return { model: 'm', state: 'done', content, reasoning: '', toolCalls: [], ...extra };
}

const TOOLS = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];

function record(overrides: Partial<ConversationRecord> = {}): ConversationRecord {
  return { v: 1, chatId: 'c1', title: 'Weather', createdAt: '2025-01-01T00:00:00.000Z', models: ['m'], prefix: [], transport: 'stream', params: { max_tokens: 64 }, turns: [], ...overrides };
}

/** A record as the extension saved them before turns kept their controls and tools existed. */
const OLDER_RECORD = {
  v: 1,
  chatId: 'old-1',
  title: 'Before',
  createdAt: '2024-12-01T00:00:00.000Z',
  models: [''],
  system: 'Be brief.',
  prefix: [{ role: 'user', content: 'earlier' }, { role: 'assistant', content: 'earlier answer' }],
  transport: 'queue',
  params: { max_tokens: 32, temperature: 0.5 },
  turns: [{ user: 'Hi', answers: [{ model: '', state: 'done', content: 'Hello.', reasoning: '', toolCalls: [] }] }],
};

describe('conversation records', () => {
  const tmp = useTempDir();

  it('loads a record saved before turns kept their controls, and sends what it sent then', () => {
    const store = new ConversationStore(tmp.path);
    writeFileSync(join(tmp.path, 'old-1.chat.json'), JSON.stringify(OLDER_RECORD));
    const loaded = store.load('old-1');
    assert.ok(loaded);
    assert.deepEqual(chatBody(loaded, 0, 0), {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'earlier' },
        { role: 'assistant', content: 'earlier answer' },
        { role: 'user', content: 'Hi' },
      ],
      max_tokens: 32,
      temperature: 0.5,
      stream: false,
    });
  });

  it('sends each turn with the controls it was asked with, and the model its answer names', () => {
    const r = record({
      system: 'Now terse.',
      params: { max_tokens: 8 },
      extras: { tools: TOOLS, tool_choice: 'auto', response_format: { type: 'json_object' } },
      turns: [
        { user: 'one', sent: { system: 'Be kind.', transport: 'queue', params: { max_tokens: 100, temperature: 1.2 } }, answers: [done('A1', { model: 'adaptor-1' })] },
        { user: 'two', sent: { system: 'Now terse.', transport: 'stream', params: { max_tokens: 8 } }, answers: [done('A2', { model: 'base' })] },
      ],
    });
    assert.deepEqual(chatBody(r, 0, 0), {
      messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'one' }],
      max_tokens: 100,
      model: 'adaptor-1',
      temperature: 1.2,
      tools: TOOLS,
      tool_choice: 'auto',
      response_format: { type: 'json_object' },
      stream: false,
    });
    const second = chatRequest(r, 1, 0);
    assert.equal(second.model, 'base');
    assert.equal(second.temperature, undefined);
    assert.deepEqual(second.messages.map((m) => `${m.role}:${String(m.content)}`), ['system:Now terse.', 'user:one', 'assistant:A1', 'user:two']);
  });

  it("sends each column of a comparison what it was set to, turn by turn: its own system prompt, temperature and max tokens", () => {
    const kind = { system: 'Be kind.', params: { max_tokens: 50, temperature: 0 } };
    const pirate = { system: 'Answer as a pirate.', params: { max_tokens: 30, temperature: 0.9 } };
    const r = record({
      models: ['m', 'm'],
      system: 'Be kind.',
      params: { max_tokens: 50 },
      columns: [kind, { params: { max_tokens: 30, temperature: 0.9 } }],
      turns: [
        // Sent before the columns were set apart: both columns had the conversation's.
        { user: 'one', sent: { system: 'Be kind.', transport: 'queue', params: { max_tokens: 50 } }, answers: [done('A1'), done('B1')] },
        { user: 'two', sent: { system: 'Be kind.', transport: 'queue', params: { max_tokens: 50 }, columns: [kind, pirate] }, answers: [done('A2'), done('B2')] },
      ],
    });
    assert.deepEqual([chatBody(r, 0, 0), chatBody(r, 0, 1)].map((b) => [b.messages[0].content, b.temperature, b.max_tokens, b.stream]), [
      ['Be kind.', undefined, 50, false],
      ['Be kind.', undefined, 50, false],
    ]);
    assert.deepEqual(chatBody(r, 1, 1), {
      messages: [
        { role: 'system', content: 'Answer as a pirate.' },
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'B1' },
        { role: 'user', content: 'two' },
      ],
      max_tokens: 30,
      model: 'm',
      temperature: 0.9,
      stream: false,
    });
    assert.deepEqual([chatRequest(r, 1, 0).temperature, chatRequest(r, 1, 0).messages[0].content], [0, 'Be kind.']);
    assert.deepEqual(columnSettings(r, 1, 1), pirate);
    assert.deepEqual(nextColumnSettings(r, 1), { params: { max_tokens: 30, temperature: 0.9 } }, 'the next turn: column 2 has no system prompt now');
    assert.deepEqual(conversationMessages(r, 1)[0], { role: 'system', content: 'Answer as a pirate.' }, "an export holds the column's own");
    assert.match(conversationMarkdown(r), /## System\n\nBe kind\.\n\n## Turn 1/, "Markdown shows the first turn's, here the same for both");
    const apart = conversationMarkdown({ ...r, turns: [] });
    assert.match(apart, /## System, model 1 \(m\)\n\nBe kind\.\n$/, 'per column when they differ, only the prompts there are');
  });

  it('reads every column of an older comparison, saved before columns could differ, with the conversation\'s controls', () => {
    const r = record({ models: ['a', 'b'], system: 'Be brief.', params: { max_tokens: 16, temperature: 0.2 }, turns: [{ user: 'hi', answers: [done('A', { model: 'a' }), done('B', { model: 'b' })] }] });
    for (const column of [0, 1]) {
      assert.deepEqual(nextColumnSettings(r, column), { system: 'Be brief.', params: { max_tokens: 16, temperature: 0.2 } });
      assert.deepEqual(columnSettings(r, 0, column), { system: 'Be brief.', params: { max_tokens: 16, temperature: 0.2 } });
    }
    assert.deepEqual(chatBody(r, 0, 1), { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 16, model: 'b', temperature: 0.2, stream: true });
    assert.match(conversationMarkdown(r), /## System\n\nBe brief\.\n/, 'one system prompt when the columns share it');
    r.columns = [{ params: { max_tokens: 16 } }, { system: 'Now terse.', params: { max_tokens: 16 } }];
    assert.deepEqual(chatBody(r, 0, 1).messages[0], { role: 'system', content: 'Be brief.' }, 'columns set apart since do not change what an older turn sent');
  });

  it('answers tool calls: the call and its result follow the answer, a tool turn adds no user message', () => {
    const call = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' };
    const r = record({
      extras: { tools: TOOLS },
      turns: [{ user: 'Weather in Oslo?', answers: [done('', { toolCalls: [{ ...call }, { name: 'no-id', arguments: '{}' }] })] }],
    });
    assert.equal(toolCallsOpen(r), true, 'a finished answer asked for a tool');
    assert.equal(toolResultsComplete(r), false);
    r.turns[0].answers[0].toolCalls[0].result = '{"celsius": -3}';
    assert.equal(toolResultsComplete(r), true, 'a call without an id cannot be answered and is not waited for');
    assert.equal(toolCallsOpen(r), false);
    r.turns.push({ user: '', kind: 'tool', answers: [done('It is -3 °C.')] });
    assert.deepEqual(messagesFor(r, 1, 0), [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": -3}' },
    ]);
    assert.equal(conversationMessages(r, 0).at(-1)?.content, 'It is -3 °C.');
  });

  it('tells a conversation that ends in tool results nobody answered, as a file that stops after them imports', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };
    const messages = [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: null, tool_calls: [call, { ...call, id: 'call_2' }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": -3}' },
    ];
    const imported = importMessages(messages);
    const r = record({ turns: imported.turns, prefix: imported.prefix });
    assert.equal(endsInToolResults(r), false, 'one call still waits for its result');
    assert.equal(toolCallsOpen(r), true, 'which the user can give');
    const whole = importMessages([...messages, { role: 'tool', tool_call_id: 'call_2', content: '{"celsius": 4}' }]);
    const ended = record({ turns: whole.turns, prefix: whole.prefix });
    assert.equal(endsInToolResults(ended), true);
    ended.turns.push({ user: '', kind: 'tool', answers: [done('Cold in Oslo.')] });
    assert.deepEqual(messagesFor(ended, 1, 0), [...messages, { role: 'tool', tool_call_id: 'call_2', content: '{"celsius": 4}' }], 'the tool turn sends the conversation as it was');
    assert.equal(endsInToolResults(ended), false, 'once answered');
    ended.turns[1].answers = [{ ...done(''), state: 'error', error: 'boom' }];
    assert.equal(endsInToolResults(ended), false, 'a failed answer is retried as its own turn');

    assert.equal(endsInToolResults(record({ prefix: [{ role: 'assistant', content: 'first' }, { role: 'tool', tool_call_id: 'x', content: 'r' }] })), true, 'earlier messages ending in a tool message');
    assert.equal(endsInToolResults(record({ prefix: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }] })), false);
    assert.equal(endsInToolResults(record({ turns: [{ user: 'q', answers: [done('a')] }] })), false);
    assert.equal(endsInToolResults(record()), false);
  });

  it('leaves tool calls nobody answered out of what the model is reminded of', () => {
    const r = record({ turns: [{ user: 'a', answers: [done('Let me check.', { toolCalls: [{ id: 'x', name: 't', arguments: '{}' }] })] }, { user: 'b', answers: [done('B')] }] });
    assert.deepEqual(messagesFor(r, 1, 0), [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'Let me check.' },
      { role: 'user', content: 'b' },
    ]);
  });

  it('lists saved conversations, most recently changed first, skipping a damaged file, and deletes them', () => {
    const store = new ConversationStore(tmp.path);
    store.save(record({ chatId: 'a', title: 'First', turns: [{ user: '\n  Line one\nline two', answers: [done('x', { model: 'adaptor-1' })] }] }));
    store.save(record({ chatId: 'b', title: 'Second', models: ['', 'other'] }));
    writeFileSync(join(tmp.path, 'broken.chat.json'), '{"chatId": ');
    utimesSync(join(tmp.path, 'a.chat.json'), new Date(2000), new Date(2000));
    const damaged: string[] = [];
    const listed = store.summaries((path) => damaged.push(path));
    assert.deepEqual(
      listed.map(({ chatId, title, models, columns, firstLine, turns }) => ({ chatId, title, models, columns, firstLine, turns })),
      [
        { chatId: 'b', title: 'Second', models: ['', 'other'], columns: 2, firstLine: '', turns: 0 },
        { chatId: 'a', title: 'First', models: ['adaptor-1'], columns: 1, firstLine: 'Line one', turns: 1 },
      ],
    );
    assert.deepEqual(damaged, [join(tmp.path, 'broken.chat.json')]);
    store.delete('a');
    assert.deepEqual(store.list().sort(), ['b', 'broken']);
    assert.throws(() => store.delete('../x'), /Not a conversation id/);
  });

  it('exports JSON messages that read back as the same conversation, and Markdown with every answer', () => {
    const r = record({
      system: 'Be brief.',
      models: ['m', ''],
      extras: { tools: TOOLS },
      turns: [
        { user: 'Weather?', answers: [done('', { toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}', result: 'cold' }] }), done('No idea.', { model: '' })] },
        { user: '', kind: 'tool', answers: [done('Cold, then.'), done('', { model: '', state: 'error', error: 'boom' })] },
        { user: 'Thanks', answers: [done('You are welcome ```'), done('Bye.', { model: '' })] },
      ],
    });
    const file = parseChatFile(conversationJson(r, 0), 'export.json');
    assert.deepEqual(file.extras, { tools: TOOLS });
    const back = importMessages(file.messages);
    assert.equal(back.system, 'Be brief.');
    assert.deepEqual(back.prefix, []);
    assert.equal(back.draft, undefined);
    assert.deepEqual(back.turns.map((t) => [t.kind ?? 'user', t.user, t.answers[0].content]), [
      ['user', 'Weather?', ''],
      ['tool', '', 'Cold, then.'],
      ['user', 'Thanks', 'You are welcome ```'],
    ]);
    assert.equal(back.turns[0].answers[0].toolCalls[0].result, 'cold');

    const markdown = conversationMarkdown(r, 'base-model');
    assert.match(markdown, /^# Weather\n\nModels: m, base-model \(default\) · started /);
    assert.match(markdown, /## System\n\nBe brief\.\n/);
    assert.match(markdown, /### base-model \(default\) \(done\)\n\nNo idea\./);
    assert.match(markdown, /Tool call `get_weather` \(c1\):\n\n```json\n\{\n {2}"city": "Oslo"\n\}\n```\n\nResult:\n\n```\ncold\n```/);
    assert.match(markdown, /\*Tool results sent\.\*/);
    assert.match(markdown, /> boom/);
  });

  it('imports messages: turns and answers in order, the last unanswered message as the draft, and anything irregular as earlier messages', () => {
    const regular = importMessages([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
    ]);
    assert.deepEqual(regular, { system: 'S', prefix: [], turns: [{ user: 'q1', imported: true, answers: [{ model: '', state: 'done', content: 'a1', reasoning: '', toolCalls: [] }] }], draft: 'q2' });
    const irregular = importMessages([
      { role: 'assistant', content: 'hello first' },
      { role: 'user', content: 'q' },
    ]);
    assert.deepEqual(irregular, { prefix: [{ role: 'assistant', content: 'hello first' }], turns: [], draft: 'q' });
    const strayTool = importMessages([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
      { role: 'tool', tool_call_id: 'nobody', content: 'r' },
    ]);
    assert.equal(strayTool.turns.length, 0);
    assert.equal(strayTool.prefix.length, 3);
  });
});

describe('chat files with tools', () => {
  it('reads tools, tool_choice and response_format beside messages in .json and on a line of their own in .jsonl', () => {
    const json = parseChatFile(JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], tools: TOOLS, tool_choice: 'auto', response_format: { type: 'json_object' } }), 'chat.json');
    assert.deepEqual(json.extras, { tools: TOOLS, tool_choice: 'auto', response_format: { type: 'json_object' } });
    const jsonl = parseChatFile(`${JSON.stringify({ tools: TOOLS })}\n${JSON.stringify({ role: 'user', content: 'hi' })}\n`, 'chat.jsonl');
    assert.deepEqual(jsonl, { messages: [{ role: 'user', content: 'hi' }], extras: { tools: TOOLS } });
  });

  it('says where a tools entry is wrong', () => {
    assert.throws(() => parseChatFile('{"messages": [{"role": "user", "content": "a"}],\n "tools": "get_weather"}', 'c.json'), /^PromptInputError: c\.json:2:11: "tools" must be an array of tool definitions/);
    assert.throws(() => parseChatFile('{"role": "user", "content": "a"}\n{"tool_choice": 3}', 'c.jsonl'), /c\.jsonl:2: "tool_choice" must be "auto", "none", "required"/);
    assert.throws(() => parseChatFile('{"messages": [{"role": "user", "content": "a"}], "model": "m"}', 'c.json'), /unknown key "model"; a chat document holds "messages" and optionally "tools"/);
  });
});
