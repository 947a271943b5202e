// Errors the deployment causes (none set, or it cannot be reached) are told apart from the rest, named by
// their cause and worded for the editor.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { TimeoutError, UnreachableError } from '../../../../src/core/api/errors';
import { deploymentNotice, editorMessage, FIX_DEPLOYMENT, outdatedBy, UNCONFIGURED_CAUSE, unreachableCause } from '../../../../src/host/notices/deployment-notices';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function refusedError(baseUrl: string): Promise<unknown> {
  const client = new ScalarLMClient({ baseUrl });
  try {
    await client.models();
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
  throw new Error(`GET /v1/models on ${baseUrl} did not fail`);
}

const context = { method: 'POST', path: '/v1/generate', baseUrl: 'http://gpu-box:8000', traceId: 't' };

describe('deployment notices', () => {
  it('names a refused connection as the deployment being unreachable, with the editor\'s way out instead of the command line\'s', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const error = await refusedError(baseUrl);
    assert.ok(error instanceof UnreachableError);
    const notice = deploymentNotice(error, undefined);
    assert.ok(notice);
    assert.equal(notice.cause, unreachableCause(baseUrl));
    assert.equal(notice.severity, 'error');
    assert.deepEqual(notice.actions.map((action) => action.label), ['Start Local Simulator', 'Select Deployment URL', 'Open Log']);
    assert.match(notice.message, new RegExp(`^Cannot reach the ScalarLM deployment at ${baseUrl.replace(/[.:/]/g, '\\$&')} \\(connection refused\\)\\. Is it running\\?`));
    assert.match(notice.message, /Start the local simulator, or select another deployment URL\.$/);
    assert.doesNotMatch(notice.message, /--url|scalarlm-lab sim|command line/);
  });

  it('counts a connect timeout, but not a POST cut off after it went out (that is about the request)', () => {
    const connect = new TimeoutError('Timed out after 10 s connecting to the ScalarLM deployment at http://gpu-box:8000.', context, 'connect', 10_000, false);
    assert.equal(deploymentNotice(connect, undefined)?.cause, unreachableCause('http://gpu-box:8000'));
    const cut = new UnreachableError('The connection to http://gpu-box:8000 broke during POST /v1/generate (ECONNRESET).', context, 'ECONNRESET', true);
    assert.equal(deploymentNotice(cut, undefined), undefined);
    const idle = new TimeoutError('POST /v1/generate: no data for 30 s.', context, 'idle', 30_000, true);
    assert.equal(deploymentNotice(idle, undefined), undefined);
  });

  it('names the error that says there is no deployment as that cause', () => {
    const problem = 'No deployment URL is set. Start the local simulator, or select a deployment URL (scalarlm.baseUrl).';
    const notice = deploymentNotice(new Error(problem), problem);
    assert.deepEqual(notice, { cause: UNCONFIGURED_CAUSE, message: problem, severity: 'error', actions: FIX_DEPLOYMENT });
    assert.equal(deploymentNotice(new Error(problem), undefined), undefined, 'once there is a deployment, that text is just a message');
    assert.equal(deploymentNotice(new Error('Something else broke.'), problem), undefined);
  });

  it('leaves a message without the command line\'s advice as it is', () => {
    assert.equal(editorMessage('Cannot reach http://a: no route to the host (EHOSTUNREACH).'), 'Cannot reach http://a: no route to the host (EHOSTUNREACH).');
  });

  it('knows which causes a change of deployment makes outdated', () => {
    assert.equal(outdatedBy(UNCONFIGURED_CAUSE, 'http://127.0.0.1:8000'), true);
    assert.equal(outdatedBy(UNCONFIGURED_CAUSE, undefined), false);
    assert.equal(outdatedBy(unreachableCause('http://gpu-box:8000'), 'http://127.0.0.1:8000'), true);
    assert.equal(outdatedBy(unreachableCause('http://gpu-box:8000'), 'http://gpu-box:8000'), false);
    assert.equal(outdatedBy(unreachableCause('http://gpu-box:8000'), undefined), true);
    assert.equal(outdatedBy('Some other error.', 'http://127.0.0.1:8000'), false);
  });
});
