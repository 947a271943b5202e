// scalarlm-lab eval against the simulator: the matrix of prompts x providers x tests, each cell through the
// transport its provider needs, re-runs that send nothing, edits that re-send only what they changed, files
// that stop everything before anything is sent, and a run killed and resumed.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulatedCompletion, type SimHandle } from '../../../../src/sim';
import { runCli } from '../../helpers/cli-run';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

/** The simulator's first example adaptor (exampleJobs): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const posts = (sim: SimHandle, route = 'POST /v1/generate') => sim.stats().requests[route] ?? 0;

interface CellOut {
  prompt: { label: string };
  provider: { label: string; model: string };
  transport: string;
  test: { index: number; vars: Record<string, unknown> };
  repeat: number;
  status: string;
  output: string;
  renderedPrompt: string;
}

describe('scalarlm-lab eval', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const evalCli = (sim: SimHandle, argv: string[]) => runCli(['eval', ...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const records = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as CellOut);

  function experiment(extra = ''): string {
    write('greet.prompty', '---\nname: Greet\nsample:\n  name: Ada\n---\nsystem:\nBe brief.\n\nuser:\nGreet {{ name }} from {{ city }}.\n');
    write('short.txt', 'Hello {{ name | upper }} ({{ city }})');
    write('rows.csv', 'name,city,__description\n' + ['Ada,London', 'Grace,New York', 'Alan,Manchester', 'Linus,"Helsinki, Finland"', 'Joan,Paris'].map((r, i) => `${r},row ${i}`).join('\n') + '\n');
    return write(
      'promptfooconfig.yaml',
      `description: Two prompts on two models\nprompts:\n  - file://greet.prompty\n  - id: file://short.txt\n    label: short\nproviders:\n  - id: scalarlm:base\n    label: base\n  - id: scalarlm:${ADAPTOR}\n    label: adaptor\ntests: file://rows.csv\n${extra}`,
    );
  }

  it('answers 2 prompts x 2 models x 5 rows as 20 cells, rendered here, on the batch queue', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const config = experiment();
      const output = join(tmp.path, 'cells.jsonl');
      const result = await evalCli(sim, [config, '--output', output]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /4 columns \(greet\.prompty × base via batch; greet\.prompty × adaptor via batch; short × base via batch; short × adaptor via batch\), 20 cells\./);
      const cells = records(output);
      assert.equal(cells.length, 20);
      assert.ok(cells.every((c) => c.status === 'ok' && c.transport === 'batch'));
      const short = cells.find((c) => c.prompt.label === 'short' && c.provider.label === 'base' && c.test.index === 3);
      assert.equal(short?.renderedPrompt, 'Hello LINUS (Helsinki, Finland)');
      assert.equal(short?.output, simulatedCompletion('Hello LINUS (Helsinki, Finland)', 256).text, 'a plain template goes as the raw prompt');
      const greet = cells.filter((c) => c.prompt.label === 'greet.prompty' && c.test.index === 0);
      assert.equal(greet[0].renderedPrompt, 'system: Be brief.\nuser: Greet Ada from London.');
      assert.notEqual(greet[0].output, greet[1].output, 'the adaptor answers differently from the base model');
      assert.match(result.stdout, /row 3 +│/);
      // Prompt and provider labels on lines of their own, each whole.
      assert.match(result.stdout, /^ +│ greet\.prompty +│ greet\.prompty +│ short +│ short\n +│ × base +│ × adaptor +│ × base +│ × adaptor$/m);
    });
  });

  it('re-runs an unchanged experiment without sending anything, and re-sends only the groups an edited prompt changed', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const config = experiment();
      assert.equal((await evalCli(sim, [config])).code, 0);
      const sent = posts(sim);
      const again = await evalCli(sim, [config]);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(posts(sim), sent, 'nothing sent the second time');
      assert.match(again.stderr, /20 cells: 20 ok; 0 sent, 20 fetched rather than sent/);

      write('short.txt', 'Hi {{ name | upper }} ({{ city }})');
      const edited = await evalCli(sim, [config]);
      assert.equal(edited.code, 0, edited.stderr);
      assert.match(edited.stderr, /20 cells: 20 ok; 10 sent, 10 fetched rather than sent/);
      assert.equal(posts(sim) - sent, 2, "only the edited prompt's two columns");
    });
  });

  it('re-sends only the group an edited, added or removed test row falls in', async () => {
    await withSimulator({}, async (sim) => {
      write('row.txt', 'Summarise {{ item }}.');
      const rows = Array.from({ length: 200 }, (_, i) => `item number ${i}`);
      const csv = () => write('many.csv', 'item\n' + rows.join('\n') + '\n');
      csv();
      const config = write('rows.yaml', 'prompts:\n  - file://row.txt\nproviders:\n  - scalarlm:base\ntests: file://many.csv\n');
      assert.equal((await evalCli(sim, [config])).code, 0);
      const groups = posts(sim);
      assert.ok(groups >= 5, `200 cells in several groups (${groups})`);
      for (const edit of [() => (rows[100] = 'item number 100 (edited)'), () => rows.splice(50, 0, 'a new row'), () => rows.splice(150, 1)]) {
        edit();
        csv();
        const before = posts(sim);
        const result = await evalCli(sim, [config]);
        assert.equal(result.code, 0, result.stderr);
        assert.ok(posts(sim) - before <= 2, `one group (or two, where a boundary moved) sent again, not ${posts(sim) - before}`);
      }
    });
  });

  it('sends a sampled provider through queue-backed chat, each repeat once, and asks nothing again on a re-run', async () => {
    await withSimulator({}, async (sim) => {
      write('p.txt', 'Tell {{ name }} a joke.');
      write('t.csv', 'name\nAda\nGrace\n');
      const config = write('sampled.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - id: scalarlm:base\n    config:\n      temperature: 0.8\n      max_tokens: 12\ntests: file://t.csv\nevaluateOptions:\n  repeat: 3\n');
      const output = join(tmp.path, 'sampled.jsonl');
      const result = await evalCli(sim, [config, '--output', output]);
      assert.equal(result.code, 0, result.stderr);
      const cells = records(output);
      const order = cells.map((c) => [c.test.index, c.repeat, c.transport]).sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]));
      assert.deepEqual(order, [[0, 0, 'chat'], [0, 1, 'chat'], [0, 2, 'chat'], [1, 0, 'chat'], [1, 1, 'chat'], [1, 2, 'chat']]);
      assert.equal(posts(sim), 0, 'nothing on the batch queue');
      const chats = posts(sim, 'POST /v1/chat/completions');
      assert.equal(chats, 6);
      const again = await evalCli(sim, [config]);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(posts(sim, 'POST /v1/chat/completions'), chats, 'the answers of the first run were taken');
    });
  });

  it('stops before sending anything when a cell cannot render, naming the template line and the test', async () => {
    await withSimulator({}, async (sim) => {
      const config = experiment();
      write('short.txt', 'Hello {{ nmae }}');
      const result = await evalCli(sim, [config]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /short\.txt:1:10: `nmae` is not defined; defined: city, name \(test "row 0", \S*rows\.csv:2\)/);
      assert.match(result.stderr, /Nothing was sent/);
      assert.equal(sim.stats().enqueuedPrompts, 0);
    });
  });

  it("prints the tests files' notes and the config's warnings on stderr, and sends promptfoo's CSV columns as promptfoo does", async () => {
    await withSimulator({}, async (sim) => {
      write('split.txt', 'One {{ q }}\n---\nTwo {{ q }}\n');
      write('rows.csv', 'q,__expected1,__expected2,__prefix,__metadata:topic\nx,contains:x,contains:{{ q }},> ,t\n');
      const config = write('promptfooconfig.yaml', 'prompts: [file://split.txt]\nproviders: [scalarlm:base]\ntests: file://rows.csv\ndefaultTest:\n  options:\n    transform: output.trim()\n');
      const output = join(tmp.path, 'csv-cells.jsonl');
      const result = await evalCli(sim, [config, '--output', output]);
      assert.match(result.stderr, /promptfooconfig\.yaml:6:5: `options\.transform` is ignored: code promptfoo runs on each answer before it is judged/);
      assert.match(result.stderr, /rows\.csv:1: the `__metadata:topic` column is ignored/);
      const cells = records(output);
      assert.deepEqual(cells.map((c) => c.renderedPrompt).sort(), ['> One x', '> Two x']);
      assert.deepEqual((cells[0] as unknown as { verdict: { assertions: unknown[] } }).verdict.assertions.length, 2);
    });
  });

  it('refuses providers that are not ScalarLM deployments, at their line', async () => {
    await withSimulator({}, async (sim) => {
      const config = write('foreign.yaml', 'prompts:\n  - "Hi {{ name }}"\nproviders:\n  - openai:gpt-4o\ntests:\n  - vars: {name: Ada}\n');
      const result = await evalCli(sim, [config]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /foreign\.yaml:4:5: provider `openai:gpt-4o` cannot be run here: only ScalarLM deployments are run/);
    });
  });

  it('resumes a run whose process was killed, sending nothing twice', async function () {
    this.timeout(60_000);
    await withSimulator({ zeroLatency: false, tokensPerSecond: 300, slots: 2 }, async (sim) => {
      write('p.txt', 'Describe {{ thing }} in detail.');
      write('t.csv', 'thing\n' + Array.from({ length: 40 }, (_, i) => `thing number ${i}`).join('\n') + '\n');
      const config = write('long.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - id: scalarlm:base\n    config:\n      max_tokens: 24\ntests: file://t.csv\nevaluateOptions:\n  maxConcurrency: 1\n');
      const cli = join(__dirname, '../../../../../dist/cli.js');
      const first = spawn(process.execPath, [cli, 'eval', config, '--url', sim.url], { env: { ...process.env, XDG_STATE_HOME: tmp.path }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      first.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await waitFor(() => Object.keys(sim.stats().generateSubmissions).length >= 1 && /Run started: /.test(stderr), { timeoutMs: 20_000, what: 'the first group sent' });
      first.kill('SIGKILL');
      await once(first, 'exit');
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(stderr)?.[1];
      assert.ok(runId, stderr);
      const output = join(tmp.path, 'resumed.jsonl');
      const resumed = await evalCli(sim, ['--resume', runId.slice(0, 8), '--output', output]);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.equal(records(output).filter((c) => c.status === 'ok').length, 40);
      assert.ok(Object.values(sim.stats().generateSubmissions).every((n) => n === 1), 'no group sent twice');
    });
  });
});
