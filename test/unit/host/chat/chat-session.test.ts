// A chat session on Node against the simulator: two models answering side by side, every streamed
// character delivered once and in order, at most about one message per answer per frame; the controls
// for the next turn, the default model named, tool calls answered, and each turn's request shown exactly.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import type { ChatMessage } from '../../../../src/core/api/types';
import { ConversationStore, type ConversationRecord } from '../../../../src/core/chat/conversation';
import { importMessages } from '../../../../src/core/chat/conversation-import';
import { TOKEN_PLACEHOLDER } from '../../../../src/core/snippets';
import type { ChatToWebview } from '../../../../src/protocol/chat';
import { readDeploymentModels, type DeploymentModels } from '../../../../src/host/chat/chat-controls';
import { ChatSession } from '../../../../src/host/chat/chat-session';
import { withRecordingProxy } from '../../helpers/recording-proxy';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

/** The simulator's first example adaptor (exampleJobs): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

type ChatRequestBody = { messages: ChatMessage[]; temperature?: number; stream?: boolean };

function record(models: string[], transport: 'stream' | 'queue' = 'stream'): ConversationRecord {
  return { v: 1, chatId: 'chat-1', title: 'test', createdAt: '', models, prefix: [], transport, params: { max_tokens: 120 }, turns: [] };
}

/** What a page would show: text rebuilt from init plus deltas, checking seq has no gaps. */
function replay(messages: ChatToWebview[]): Map<string, string> {
  const text = new Map<string, string>();
  const seq = new Map<string, number>();
  for (const message of messages) {
    if (message.type === 'init') {
      message.chat.turns.forEach((turn, t) =>
        turn.answers.forEach((a, c) => {
          text.set(`${t}:${c}`, a.content);
          seq.set(`${t}:${c}`, a.seq ?? 0);
        }),
      );
    }
    if (message.type === 'delta' || message.type === 'answer') {
      const key = `${message.turn}:${message.answer}`;
      assert.equal(message.seq, (seq.get(key) ?? 0) + 1, `no gap in seq for ${key}`);
      seq.set(key, message.seq);
      if (message.type === 'delta') text.set(key, (text.get(key) ?? '') + (message.content ?? ''));
    }
  }
  return text;
}

describe('chat session', () => {
  const tmp = useTempDir();

  it('streams two models side by side: every character once, in order, coalesced per frame', async () => {
    await withSimulator({ exampleJobs: true, zeroLatency: false, tokensPerSecond: 2000 }, async (sim) => {
      const store = new ConversationStore(tmp.path);
      const session = new ChatSession(record(['tiny-random/gemma-4-dense', ADAPTOR]), { store, api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: sim.url }) }), deadlineMs: () => 10_000 });
      const messages: ChatToWebview[] = [];
      session.onDidPost((m) => messages.push(m));
      const started = performance.now();
      await session.send('Compare these answers');
      const elapsedMs = performance.now() - started;

      const [first, second] = session.record.turns[0].answers;
      assert.deepEqual([first.state, second.state], ['done', 'done']);
      assert.notEqual(first.content, second.content, 'each model its own answer');
      const shown = replay(messages);
      assert.equal(shown.get('0:0'), first.content);
      assert.equal(shown.get('0:1'), second.content);
      const deltas = messages.filter((m) => m.type === 'delta').length;
      assert.ok(deltas <= 2 * (elapsedMs / 16 + 4), `${deltas} deltas in ${elapsedMs.toFixed(0)} ms: coalesced to frames`);
      assert.deepEqual(store.load('chat-1')?.turns[0].answers.map((a) => a.content), [first.content, second.content], 'saved');
    });
  });

  it('continues the conversation, retries the last turn, stops keeping partial text, and clears', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 300 }, async (sim) => {
      const session = new ChatSession(record(['']), { store: new ConversationStore(tmp.path), api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: sim.url }) }), deadlineMs: () => 10_000 });
      await session.send('First question');
      await session.send('Second question');
      assert.equal(session.record.turns.length, 2);
      const before = session.record.turns[1].answers[0].content;
      await session.retry();
      assert.equal(session.record.turns.length, 2);
      assert.equal(session.record.turns[1].answers[0].content, before, 'the same deterministic answer again');

      const messages: ChatToWebview[] = [];
      session.onDidPost((m) => {
        messages.push(m);
        if (m.type === 'delta') session.stop();
      });
      await session.send('Third, stopped');
      const stopped = session.record.turns[2].answers[0];
      assert.equal(stopped.state, 'stopped');
      assert.ok(stopped.content.length > 0);
      assert.equal(replay(messages).get('2:0'), stopped.content);
      session.clear();
      assert.equal(session.record.turns.length, 0);
    });
  });

  it('says why when there is no deployment, as an error in the conversation', async () => {
    const session = new ChatSession(record(['']), { store: new ConversationStore(tmp.path), api: () => ({ ok: false, reason: 'No deployment URL.' }), deadlineMs: () => 1000 });
    await session.send('anyone there?');
    assert.deepEqual([session.record.turns[0].answers[0].state, session.record.turns[0].answers[0].error], ['error', 'No deployment URL.']);
  });
});

describe('chat session: the playground', () => {
  const tmp = useTempDir();
  const BASE = 'tiny-random/gemma-4-dense';
  const TOOLS = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
  const clients: ScalarLMClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  function session(url: string, r: ConversationRecord, messages: ChatToWebview[] = []): ChatSession {
    const shared = new ScalarLMClient({ baseUrl: url });
    clients.push(shared);
    const chat = new ChatSession(r, {
      store: new ConversationStore(tmp.path),
      api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: url }) }),
      deadlineMs: () => 10_000,
      models: () => readDeploymentModels(shared),
      headers: () => ({ 'X-Team': 'ml', Authorization: `Bearer ${TOKEN_PLACEHOLDER}` }),
    });
    chat.onDidPost((m) => messages.push(m));
    return chat;
  }

  it('sends the next turn with the controls as set, keeps them with the turn, and shows its request exactly as it went', async () => {
    await withSimulator({ exampleJobs: true }, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const messages: ChatToWebview[] = [];
        const chat = session(proxy.url, { ...record(['']), untitled: true }, messages);
        chat.setModel(0, ADAPTOR);
        chat.setControl('temperature', '0.7');
        chat.setControl('maxTokens', '40');
        chat.setControl('transport', 'queue');
        chat.setControl('system', 'Be brief.');
        chat.setControl('temperature', 'warm');
        chat.setControl('maxTokens', '0');
        chat.setControl('transport', 'carrier pigeon');
        const controls = messages.filter((m) => m.type === 'controls').at(-1);
        assert.ok(controls?.type === 'controls');
        assert.deepEqual(controls.controls, { models: [ADAPTOR], columns: [{ temperature: 0.7, maxTokens: 40, system: 'Be brief.' }], transport: 'queue' }, 'values that do not fit are refused');
        assert.equal(chat.record.columns, undefined, "a single chat's controls are the conversation's");
        assert.deepEqual([chat.record.system, chat.record.params], ['Be brief.', { max_tokens: 40, temperature: 0.7 }]);

        await chat.send('What is a queue?\nSecond line.');
        assert.equal(chat.record.title, 'What is a queue?', 'a new chat is titled by its first message');
        assert.equal(chat.record.turns[0].answers[0].state, 'done');
        const sent = proxy.received.find((r) => r.path === '/v1/chat/completions');
        assert.ok(sent);
        const body = JSON.parse(sent.body) as Record<string, unknown>;
        assert.deepEqual(
          { model: body.model, temperature: body.temperature, max_tokens: body.max_tokens, stream: body.stream },
          { model: ADAPTOR, temperature: 0.7, max_tokens: 40, stream: false },
        );

        const request = chat.request(0, 0);
        assert.ok(request);
        assert.equal(request.url, `${proxy.url}/v1/chat/completions`);
        assert.deepEqual(request.body, body, 'the body shown is the body that went');
        assert.deepEqual(request.headers, { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Team': 'ml', Authorization: `Bearer ${TOKEN_PLACEHOLDER}` });

        // The controls change; the first turn still shows what it was sent with.
        chat.setControl('temperature', '');
        chat.setControl('transport', 'stream');
        await chat.send('And a stack?');
        assert.deepEqual((chat.request(0, 0)?.body as Record<string, unknown>).temperature, 0.7);
        const second = chat.request(1, 0)?.body as Record<string, unknown>;
        assert.deepEqual([second.temperature, second.stream], [undefined, true]);
        assert.deepEqual(JSON.parse(proxy.received.filter((r) => r.path === '/v1/chat/completions')[1].body), second);
        assert.equal(new ConversationStore(tmp.path).load('chat-1')?.turns[0].sent?.params.temperature, 0.7, 'saved with the turn');
      }),
    );
  });

  it("sends each column of a comparison its own temperature, max tokens and system prompt, one transport for all, and shows each column's request as it went", async () => {
    await withSimulator({}, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const messages: ChatToWebview[] = [];
        const chat = session(proxy.url, { ...record([BASE, BASE], 'queue'), system: 'Be kind.', params: { max_tokens: 50, temperature: 0.3 } }, messages);
        chat.setControl('temperature', '0', 0);
        chat.setControl('temperature', '0.9', 1);
        chat.setControl('maxTokens', '30', 1);
        chat.setControl('system', 'Answer as a pirate.', 1);
        chat.setControl('temperature', '7', 1);
        chat.setControl('maxTokens', '12', 2);
        const controls = messages.filter((m) => m.type === 'controls').at(-1);
        assert.ok(controls?.type === 'controls');
        assert.deepEqual(
          controls.controls.columns,
          [
            { temperature: 0, maxTokens: 50, system: 'Be kind.' },
            { temperature: 0.9, maxTokens: 30, system: 'Answer as a pirate.' },
          ],
          'each column starts from the conversation, an out-of-range value and a column it lacks are refused',
        );

        await chat.send('Tell me about ships.');
        const bodies = proxy.received.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as { messages: ChatMessage[]; temperature?: number; max_tokens: number; stream: boolean });
        assert.equal(bodies.length, 2);
        const bySystem = (system: string) => bodies.find((b) => b.messages[0].content === system);
        assert.deepEqual(
          [bySystem('Be kind.'), bySystem('Answer as a pirate.')].map((b) => b && { temperature: b.temperature, max_tokens: b.max_tokens, stream: b.stream, user: b.messages[1].content }),
          [
            { temperature: 0, max_tokens: 50, stream: false, user: 'Tell me about ships.' },
            { temperature: 0.9, max_tokens: 30, stream: false, user: 'Tell me about ships.' },
          ],
        );
        assert.deepEqual(chat.request(0, 0)?.body, bySystem('Be kind.'), "column 1's request is what column 1 sent");
        assert.deepEqual(chat.request(0, 1)?.body, bySystem('Answer as a pirate.'), "column 2's request is what column 2 sent");

        // The second column changes again; the first turn still shows what each column was sent with.
        chat.setControl('system', '', 1);
        chat.setControl('transport', 'stream', 1);
        await chat.send('And boats?');
        assert.equal((chat.request(0, 1)?.body as ChatRequestBody).messages[0].content, 'Answer as a pirate.');
        const second = chat.request(1, 1)?.body as ChatRequestBody;
        assert.deepEqual([second.messages[0], second.temperature, second.stream], [{ role: 'user', content: 'Tell me about ships.' }, 0.9, true], 'no system prompt now; the transport is every column\'s');
        assert.equal((chat.request(1, 0)?.body as ChatRequestBody).stream, true);
        const saved = new ConversationStore(tmp.path).load('chat-1');
        assert.deepEqual(saved?.turns[0].sent?.columns?.map((c) => [c.system, c.params.temperature, c.params.max_tokens]), [
          ['Be kind.', 0, 50],
          ['Answer as a pirate.', 0.9, 30],
        ]);
        assert.deepEqual([saved?.system, saved?.params], ['Be kind.', { max_tokens: 50, temperature: 0.3 }], 'the conversation keeps what it started from');
      }),
    );
  });

  it("names the deployment's default model in the answer and in the request, and offers the models it serves", async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const messages: ChatToWebview[] = [];
      const chat = session(sim.url, record(['']), messages);
      const read = await chat.readModels();
      assert.equal(read?.defaultModel, BASE);
      assert.ok(read?.choices.some((choice) => choice.id === ADAPTOR && choice.parent === BASE), 'adaptors with their parent');
      await chat.send('Hello');
      assert.equal(chat.record.turns[0].answers[0].model, BASE);
      assert.equal((chat.request(0, 0)?.body as { model?: string }).model, BASE);
      assert.deepEqual(chat.record.models, [''], 'the control still says "default"');
      const last = messages.filter((m) => m.type === 'controls').at(-1);
      assert.ok(last?.type === 'controls' && last.controls.defaultModel === BASE);
    });
  });

  it('sends a turn asked of the default model at once, and names the model when the deployment says which it is', async () => {
    await withSimulator({}, async (sim) => {
      let tell: (models: DeploymentModels) => void = () => undefined;
      const messages: ChatToWebview[] = [];
      const chat = new ChatSession(record(['']), {
        store: new ConversationStore(tmp.path),
        api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: sim.url }) }),
        deadlineMs: () => 10_000,
        models: () => new Promise<DeploymentModels>((resolve) => (tell = resolve)),
      });
      chat.onDidPost((m) => messages.push(m));
      const sent = chat.send('Hello');
      // The answer comes while the models are still being read: the request did not wait for them.
      await waitFor(() => chat.record.turns[0].answers[0].state === 'done', { timeoutMs: 2000, what: 'the answer before the models are known' });
      assert.equal(chat.record.turns[0].answers[0].model, '');
      tell({ choices: [{ id: BASE }], defaultModel: BASE });
      await sent;
      assert.equal(chat.record.turns[0].answers[0].model, BASE, 'named once known');
      const last = messages.filter((m) => m.type === 'answer').at(-1);
      assert.ok(last?.type === 'answer' && last.view.model === BASE && last.view.state === 'done', 'the panel is told');
      assert.equal((chat.request(0, 0)?.body as { model?: string }).model, BASE);
    });
  });

  it('shows a tool call, takes its result, and goes on: the result goes back as a tool message with its call id', async () => {
    await withSimulator({}, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const messages: ChatToWebview[] = [];
        const chat = session(proxy.url, { ...record([BASE]), extras: { tools: TOOLS, tool_choice: 'auto' } }, messages);
        await chat.send('Weather in Oslo? [[sim:tool-call]]');
        const [call] = chat.record.turns[0].answers[0].toolCalls;
        assert.equal(call.name, 'get_weather');
        assert.ok(call.id, 'the call has an id to answer to');
        assert.equal(chat.view().toolsOpen, true);
        assert.deepEqual(messages.filter((m) => m.type === 'busy').at(-1), { type: 'busy', busy: false, toolsOpen: true });
        assert.equal(await chat.toolResult(0, 0, 5, 'no such call'), false);

        assert.equal(await chat.toolResult(0, 0, 0, '{"celsius": -3}'), true);
        assert.equal(chat.record.turns.length, 2);
        assert.equal(chat.record.turns[1].kind, 'tool');
        assert.equal(chat.record.turns[1].answers[0].state, 'done');
        const calls = proxy.received.filter((r) => r.path === '/v1/chat/completions');
        assert.equal(calls.length, 2);
        const continued = JSON.parse(calls[1].body) as { messages: ChatMessage[]; tools: unknown; tool_choice: unknown };
        assert.deepEqual(continued.messages.slice(-2), [
          { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: 'get_weather', arguments: call.arguments } }] },
          { role: 'tool', tool_call_id: call.id, content: '{"celsius": -3}' },
        ]);
        assert.deepEqual([continued.tools, continued.tool_choice], [TOOLS, 'auto'], 'the tools go with every turn');
        assert.equal(await chat.toolResult(0, 0, 0, 'again'), false, 'a call is answered once');
      }),
    );
  });

  it('goes on from the tool results an imported conversation ends in: Send with no text, or Retry, keeping the call and its result', async () => {
    const call = { id: 'call_oslo', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'call_oslo', content: '{"celsius": -3}' },
    ];
    const imported = (): ConversationRecord => {
      const file = importMessages(messages);
      return { ...record([BASE]), prefix: file.prefix, turns: file.turns, extras: { tools: TOOLS } };
    };
    await withSimulator({}, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const sent = () => proxy.received.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as ChatRequestBody & { tools: unknown });
        for (const act of [(chat: ChatSession) => chat.send('  '), (chat: ChatSession) => chat.retry()]) {
          const chat = session(proxy.url, imported());
          assert.equal(chat.view().endsInToolResults, true);
          const before = sent().length;
          await act(chat);
          assert.equal(sent().length, before + 1, 'one request');
          const body = sent().at(-1);
          assert.deepEqual(body?.messages, messages, 'the conversation as imported');
          assert.deepEqual(body?.tools, TOOLS);
          assert.deepEqual(chat.record.turns.map((turn) => [turn.kind, turn.answers[0].state]), [[undefined, 'done'], ['tool', 'done']]);
          assert.equal(chat.record.turns[0].answers[0].toolCalls[0].result, '{"celsius": -3}', 'the call and its result kept');
          assert.equal(chat.view().endsInToolResults, false);
          await chat.retry();
          assert.equal(chat.record.turns.length, 2, 'Retry now asks the tool turn again');
          assert.deepEqual(sent().at(-1)?.messages, messages);
        }

        const prefixOnly = session(proxy.url, { ...record([BASE]), prefix: [{ role: 'assistant', content: 'Hello first.' }, ...messages] });
        assert.equal(prefixOnly.view().endsInToolResults, true, 'earlier messages that end in a tool result');
        await prefixOnly.send('');
        assert.deepEqual(sent().at(-1)?.messages, [{ role: 'assistant', content: 'Hello first.' }, ...messages]);

        const plain = session(proxy.url, record([BASE]));
        const before = sent().length;
        await plain.send('');
        await plain.retry();
        assert.deepEqual([sent().length, plain.record.turns.length], [before, 0], 'nothing to go on from: nothing sent');
      }),
    );
  });

  it('reads the models again after a failed read, and renames', async () => {
    let reads = 0;
    const chat = new ChatSession(record(['']), {
      store: new ConversationStore(tmp.path),
      api: () => ({ ok: false, reason: 'No deployment URL.' }),
      deadlineMs: () => 1000,
      models: async () => (++reads === 1 ? undefined : { choices: [{ id: 'm' }], defaultModel: 'm' }),
    });
    assert.equal(await chat.readModels(), undefined);
    assert.equal((await chat.readModels())?.defaultModel, 'm');
    assert.equal((await chat.readModels())?.defaultModel, 'm');
    assert.equal(reads, 2, 'a good read is kept');
    chat.rename('  Renamed  ');
    assert.equal(new ConversationStore(tmp.path).load('chat-1')?.title, 'Renamed');
  });
});
