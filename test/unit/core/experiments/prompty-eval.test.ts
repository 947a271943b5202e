// A .prompty in an experiment, run by scalarlm-lab eval against the simulator: every one of its
// model.parameters reaches the chat request (also from `${file:…}`), what the batch queue would not apply
// is said, the reader's notes are printed, and a missing value says how to give one.

import assert from 'node:assert/strict';
import { runCli } from '../../helpers/cli-run';
import { withRecordingProxy } from '../../helpers/recording-proxy';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

describe('scalarlm-lab eval with a .prompty', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  function experiment(provider = 'scalarlm:base', body = 'user[name="Ada"]:\nWeather in {{ city }}?'): string {
    write('prompts/format.json', '{"type": "json_object"}');
    write(
      'prompts/weather.prompty',
      [
        '---',
        'name: Weather',
        'owner: team-a',
        'model:',
        '  parameters:',
        '    max_tokens: 20',
        '    seed: 7',
        '    presence_penalty: 0.5',
        '    response_format: ${file:format.json}',
        '    tools: [{type: function, function: {name: get_weather, parameters: {type: object}}}]',
        '---',
        body,
        '',
      ].join('\n'),
    );
    return write('promptfooconfig.yaml', `prompts:\n  - file://prompts/weather.prompty\nproviders:\n  - ${provider}\ntests:\n  - vars: {city: Oslo}\n`);
  }

  it('sends every model.parameters entry and a marker\'s name on the chat path, and prints the notes on the file', async () => {
    await withSimulator({}, async (sim) =>
      withRecordingProxy(sim.url, async (proxy) => {
        const config = experiment();
        const result = await runCli(['eval', config, '--url', proxy.url], { env: { XDG_STATE_HOME: tmp.path } });
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /weather\.prompty:3:1: note: ignored key `owner`/);
        assert.match(result.stderr, /prompts\/weather\.prompty × scalarlm:base via chat/);
        const chats = proxy.received.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as Record<string, unknown>);
        assert.equal(chats.length, 1);
        assert.deepEqual(chats[0].messages, [{ role: 'user', name: 'Ada', content: 'Weather in Oslo?' }]);
        assert.equal(chats[0].max_tokens, 20);
        assert.equal(chats[0].seed, 7);
        assert.equal(chats[0].presence_penalty, 0.5);
        assert.deepEqual(chats[0].response_format, { type: 'json_object' });
        assert.deepEqual(chats[0].tools, [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }]);
      }),
    );
  });

  it('says which parameters the batch queue does not apply when a provider asks for it', async () => {
    await withSimulator({}, async (sim) => {
      const config = experiment('{id: "scalarlm:base", config: {transport: batch}}');
      const result = await runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /weather\.prompty × scalarlm:base: seed, presence_penalty, response_format, tools \(\S*prompts\/weather\.prompty, model\.parameters\) are not applied on the batch queue/);
    });
  });

  it('refuses a variable with no value, saying how to give one, after the notes on the file', async () => {
    await withSimulator({}, async (sim) => {
      const config = experiment('scalarlm:base', 'user:\nWeather in {{ city }} on {{ day }}?');
      const result = await runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /weather\.prompty:3:1: note: ignored key `owner`/, 'the notes show though the run stopped');
      assert.match(result.stderr, /weather\.prompty:13:29: `day` is not defined; defined: city \(test 1, \S+:\d+\); give `day` a value: a var of the test \(or a column of its dataset\), the \.prompty's sample, or a default under its inputs/);
    });
  });
});
