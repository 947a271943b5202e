// Code to copy, run for real: the cURL command in a shell and the TypeScript with Node, both against the
// simulator through a proxy that keeps what arrived, so the body must round-trip exactly and the token
// must come from $SCALARLM_TOKEN. The Python runs against stand-ins for the two SDKs that print what they
// were called with (the SDKs themselves are not installed here).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { snippetsFor, TOKEN_PLACEHOLDER, type SnippetRequest } from '../../../../src/core/snippets';
import { withRecordingProxy } from '../../helpers/recording-proxy';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const run = promisify(execFile);
const TOKEN = 's3cret-value';
const ENV = { ...process.env, SCALARLM_TOKEN: TOKEN };

/** Text a shell, Python or JavaScript could get wrong: quotes, $, backticks, backslashes, newlines, non-ASCII. */
const AWKWARD = `It's "quoted" $HOME \`date\` \\n back\\slash\nnew line é – 😀 }'{`;

function chatRequest(url: string, stream: boolean): SnippetRequest {
  return {
    method: 'POST',
    url: `${url}/v1/chat/completions`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN_PLACEHOLDER}`, 'X-Team': "ml's" },
    body: {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: AWKWARD },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": -3.5, "windy": true, "gusts": null}' },
      ],
      max_tokens: 16,
      model: 'tiny-random/gemma-4-dense',
      temperature: 0.7,
      // Sampled, so seeded: each copy then gets the same answer, as from vLLM.
      seed: 42,
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      top_k: 5,
      stream,
    },
    kind: 'chat',
  };
}

function generateRequest(url: string): SnippetRequest {
  return {
    method: 'POST',
    url: `${url}/v1/generate`,
    headers: { 'Content-Type': 'application/json', 'X-Gateway-Key': TOKEN_PLACEHOLDER },
    body: { prompts: ['One', AWKWARD], model: 'tiny-random/gemma-4-dense', max_tokens: 8, temperature: 0.5 },
    kind: 'generate',
  };
}

const OPENAI_STUB = `
import json, sys
class _Completions:
    def __init__(self, client):
        self._client = client
    def create(self, **kwargs):
        extra = kwargs.pop("extra_body", None) or {}
        print(json.dumps({"client": self._client.init, "body": {**kwargs, **extra}}))
        sys.exit(0)
class _Chat:
    def __init__(self, client):
        self.completions = _Completions(client)
class OpenAI:
    def __init__(self, **kwargs):
        self.init = kwargs
        self.chat = _Chat(self)
`;

const SCALARLM_STUB = `
import json, sys
class SupermassiveIntelligence:
    def __init__(self, api_url):
        self.api_url = api_url
    def generate(self, **kwargs):
        print(json.dumps({"api_url": self.api_url, "kwargs": kwargs}))
        sys.exit(0)
`;

async function hasPython(): Promise<boolean> {
  return run('python3', ['--version']).then(
    () => true,
    () => false,
  );
}

describe('code to copy', () => {
  const tmp = useTempDir();

  it('never holds the token, only the placeholder', () => {
    const { curl, python, typescript } = snippetsFor(chatRequest('http://127.0.0.1:9', false));
    for (const text of [curl, python, typescript]) assert.ok(!text.includes(TOKEN), 'no token value');
    assert.match(curl, /-H "Authorization: Bearer \$\{SCALARLM_TOKEN\}"/);
    assert.match(python, /api_key=os\.environ\["SCALARLM_TOKEN"\]/);
    assert.match(typescript, /"Authorization": "Bearer " \+ process\.env\.SCALARLM_TOKEN/);
  });

  it('cURL and TypeScript send exactly the chat body, queued and streamed, with the token from the environment', async () => {
    await withSimulator({}, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        for (const stream of [false, true]) {
          const request = chatRequest(proxy.url, stream);
          const { curl, typescript } = snippetsFor(request);
          const curlOut = await run('sh', ['-c', curl], { env: ENV });
          const scriptFile = join(tmp.path, `chat-${stream}.mjs`);
          writeFileSync(scriptFile, typescript);
          const scriptOut = await run(process.execPath, [scriptFile], { env: ENV });

          const [byCurl, byScript] = proxy.received.slice(-2);
          for (const received of [byCurl, byScript]) {
            assert.equal(received.path, '/v1/chat/completions');
            assert.deepEqual(JSON.parse(received.body), request.body, `the body round-trips (stream ${stream})`);
            assert.equal(received.headers.authorization, `Bearer ${TOKEN}`);
            assert.equal(received.headers['x-team'], "ml's");
          }
          if (stream) {
            assert.match(curlOut.stdout, /data: \[DONE\]/);
            assert.ok(scriptOut.stdout.trim().length > 0, 'the streamed text printed');
          } else {
            const completion = JSON.parse(curlOut.stdout) as { choices: { message: { content: string } }[] };
            assert.equal(scriptOut.stdout.trim(), completion.choices[0].message.content.trim(), 'the same deterministic answer');
          }
        }
      }),
    );
  });

  it('cURL and TypeScript send exactly a batch body to /v1/generate', async () => {
    await withSimulator({}, (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const request = generateRequest(proxy.url);
        const { curl, typescript } = snippetsFor(request);
        const curlOut = await run('sh', ['-c', curl], { env: ENV });
        const scriptFile = join(tmp.path, 'generate.mjs');
        writeFileSync(scriptFile, typescript);
        const scriptOut = await run(process.execPath, [scriptFile], { env: ENV });
        for (const received of proxy.received) {
          assert.deepEqual(JSON.parse(received.body), request.body);
          assert.equal(received.headers['x-gateway-key'], TOKEN);
        }
        assert.equal((JSON.parse(curlOut.stdout) as { results: unknown[] }).results.length, 2);
        assert.equal(scriptOut.stdout.trim().split('\n').length, 2, 'a line per prompt');
      }),
    );
  });

  it('Python calls the openai SDK with every field of the body, and the scalarlm SDK with the batch', async () => {
    const batch = generateRequest('http://gw.example');
    const python = snippetsFor(batch).python;
    assert.match(python, /# Also in the request, with no argument in this call: temperature=0\.5\./);
    assert.match(python, /X-Gateway-Key \(with the token from \$SCALARLM_TOKEN\)/);
    // Running them needs python3; without it only the text above is checked.
    if (!(await hasPython())) return;
    writeFileSync(join(tmp.path, 'openai.py'), OPENAI_STUB);
    writeFileSync(join(tmp.path, 'scalarlm.py'), SCALARLM_STUB);
    const env = { ...ENV, PYTHONPATH: tmp.path };

    const chat = chatRequest('http://gw.example/scalarlm', true);
    const chatCall = JSON.parse((await run('python3', ['-c', snippetsFor(chat).python], { env })).stdout) as { client: Record<string, unknown>; body: unknown };
    assert.deepEqual(chatCall.body, chat.body);
    assert.deepEqual(chatCall.client, { base_url: 'http://gw.example/scalarlm/v1', api_key: TOKEN, default_headers: { 'X-Team': "ml's" } });

    const batchCall = JSON.parse((await run('python3', ['-c', python], { env })).stdout) as { api_url: string; kwargs: unknown };
    assert.deepEqual(batchCall, { api_url: 'http://gw.example', kwargs: { prompts: ['One', AWKWARD], model_name: 'tiny-random/gemma-4-dense', max_tokens: 8 } });
  });
});
