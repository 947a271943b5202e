// Before anything is sent, generate and eval ask the deployment once what it is: a URL that does not answer
// /v1/models as ScalarLM does (a web server's HTML page) is said in one line, and a model it neither serves nor has
// a training job of is refused by the name the user gave (the server's 404 says "Model None"). Both exit 2 with
// no ledger started, nothing posted, and no advice to resume.

import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const PAGE = '<!doctype html>\n<html>\n<head><title>Welcome</title></head>\n<body>\n<h1>It works</h1>\n<p>A web server.</p>\n</body>\n</html>\n';
/** "Within a few seconds": far under the 15 s eval took against such a server, with room for a busy machine. */
const REFUSED_WITHIN_MS = 8000;

/** A web server answering every path with an HTML page, as a URL pointing at the wrong service does. */
async function withHtmlServer<T>(body: (url: string) => Promise<T>): Promise<T> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('generate and eval check the deployment before sending', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (url: string, argv: string[]) => runCli([...argv, '--url', url], { env: { XDG_STATE_HOME: tmp.path } });
  const ledgers = () => {
    const dir = join(tmp.path, 'scalarlm-lab', 'runs');
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.ledger.jsonl')) : [];
  };
  const posts = (sim: SimHandle) => (sim.stats().requests['POST /v1/generate'] ?? 0) + (sim.stats().requests['POST /v1/chat/completions'] ?? 0);
  const experiment = (providers: string[]) => {
    write('p.txt', 'Answer {{ q }}');
    write('rows.csv', 'q\none\ntwo\n');
    return write('c.yaml', `prompts:\n  - file://p.txt\nproviders:\n${providers.map((p) => `  - ${p}\n`).join('')}tests: file://rows.csv\n`);
  };

  it('generate --model NAME the deployment does not know: refused by that name, exit 2, nothing sent, no ledger', async () => {
    await withSimulator({}, async (sim) => {
      const result = await cli(sim.url, ['generate', write('p.txt', 'one\ntwo\n'), '--model', 'nosuch']);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /The deployment does not serve the model "nosuch": it is not in its model list, and it has no training job of that name\. It serves: tiny-random\/gemma-4-dense\. Nothing was sent\./);
      assert.doesNotMatch(result.stderr, /Model None|--resume|submit failed|Run started/);
      assert.equal(result.stdout, '');
      assert.equal(posts(sim), 0);
      assert.deepEqual(ledgers(), []);
    });
  });

  it('generate takes a served model, and a training job by its hash', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const prompts = write('p.txt', 'one\n');
      const base = await cli(sim.url, ['generate', prompts, '--model', 'tiny-random/gemma-4-dense']);
      assert.equal(base.code, 0, base.stderr);
      const jobs = await cli(sim.url, ['jobs', '--json']);
      const failed = (JSON.parse(jobs.stdout) as { name: string; status: string }[]).find((job) => job.status === 'FAILED');
      assert.ok(failed, jobs.stdout);
      // A job is the server's to judge (it serves one whose checkpoints it finds): not refused before sending.
      const job = await cli(sim.url, ['generate', prompts, '--model', failed.name]);
      assert.doesNotMatch(job.stderr, /it has no training job of that name/);
      // The server's 404 for it then ends the run: resuming cannot help.
      assert.match(job.stderr, new RegExp(`The deployment does not serve the model "${failed.name}" \\(HTTP 404\\)`));
      assert.doesNotMatch(job.stderr, /--resume/);
      assert.equal(posts(sim), 2);
    });
  });

  it('eval refuses each provider naming a model the deployment does not know, by name, exit 2, no ledger', async () => {
    await withSimulator({}, async (sim) => {
      const result = await cli(sim.url, ['eval', experiment(['scalarlm:tiny-random/gemma-4-dense', 'scalarlm:nosuch', 'scalarlm:other'])]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /The deployment does not serve the models "nosuch" and "other": they are not in its model list, and it has no training jobs of those names\. It serves: tiny-random\/gemma-4-dense\. Nothing was sent\./);
      assert.doesNotMatch(result.stderr, /Model None|--resume|Run started/);
      assert.equal(posts(sim), 0);
      assert.deepEqual(ledgers(), []);
    });
  });

  it('generate pointed at a web server says in one line that it is no ScalarLM deployment, exit 2, no ledger', async () => {
    await withHtmlServer(async (url) => {
      const result = await cli(url, ['generate', write('p.txt', 'one\ntwo\n')]);
      assert.equal(result.code, 2, result.stderr);
      const lines = result.stderr.trimEnd().split('\n').filter((line) => !/read as one prompt per line/.test(line));
      assert.deepEqual(lines, [`${url} does not answer as a ScalarLM deployment: GET /v1/models answered HTTP 200 text/html, not a model list. Check the deployment's base URL. Nothing was sent.`]);
      assert.equal(result.stdout, '');
      assert.deepEqual(ledgers(), []);
    });
  });

  it('eval pointed at a web server says so within a few seconds, exit 2, no ledger', async () => {
    await withHtmlServer(async (url) => {
      const started = performance.now();
      const result = await cli(url, ['eval', experiment(['scalarlm:base'])]);
      const ms = performance.now() - started;
      assert.equal(result.code, 2, result.stderr);
      assert.ok(ms < REFUSED_WITHIN_MS, `took ${Math.round(ms)} ms`);
      assert.equal(result.stderr, `${url} does not answer as a ScalarLM deployment: GET /v1/models answered HTTP 200 text/html, not a model list. Check the deployment's base URL. Nothing was sent.\n`);
      assert.deepEqual(ledgers(), []);
    });
  });
});
