// The local simulator's port: a stable one the user can save, skipping ports something else listens on.

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { candidatePorts, firstFreePort, isStablePort, loopbackPort, portHolder, STABLE_PORTS } from '../../../../src/host/simulator/simulator-ports';
import { withSimulator } from '../../helpers/simulator';

function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const portOf = (server: Server) => (server.address() as { port: number }).port;

describe('simulator ports', () => {
  it('tries a saved loopback URL\'s port and the last one first, then 8000 and the nine after it, each once', () => {
    assert.deepEqual(candidatePorts([8123, undefined, 8001]), [8123, 8001, 8000, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009]);
    assert.deepEqual(candidatePorts([]), [...STABLE_PORTS]);
    assert.deepEqual(candidatePorts([0, 70000]), [...STABLE_PORTS], 'not ports');
  });

  it('calls 8000 to 8009 stable, and nothing else', () => {
    assert.equal(isStablePort(8000), true);
    assert.equal(isStablePort(8009), true);
    assert.equal(isStablePort(8010), false);
    assert.equal(isStablePort(41235), false);
  });

  it('reads the port of a loopback URL only', () => {
    assert.equal(loopbackPort('http://127.0.0.1:8004'), 8004);
    assert.equal(loopbackPort(' http://localhost:9000/ '), 9000);
    assert.equal(loopbackPort('http://[::1]:8000'), 8000);
    assert.equal(loopbackPort('http://localhost'), undefined, 'no explicit port');
    assert.equal(loopbackPort('http://gpu-box:8000'), undefined);
    assert.equal(loopbackPort(''), undefined);
    assert.equal(loopbackPort('not a url'), undefined);
  });

  it('skips a port something listens on, and answers undefined when every candidate is taken', async () => {
    const taken = await listen(0);
    const takenPort = portOf(taken);
    const free = await listen(0);
    const freePort = portOf(free);
    await close(free);
    try {
      assert.equal(await firstFreePort([takenPort, freePort]), freePort);
      assert.equal(await firstFreePort([takenPort]), undefined);
    } finally {
      await close(taken);
    }
    assert.equal(await firstFreePort([takenPort]), takenPort, 'free again once it is let go');
  });

  it('tells a free port, a simulator\'s, another ScalarLM\'s and another program\'s apart', async () => {
    const scalarlm = createHttpServer((req, res) => (req.url === '/v1/health' ? res.writeHead(200, { 'content-type': 'application/json' }).end('{"api": "up", "vllm": "up", "all": "up"}') : res.writeHead(404).end()));
    await new Promise<void>((resolve) => scalarlm.listen(0, '127.0.0.1', resolve));
    try {
      assert.equal(await portHolder((scalarlm.address() as { port: number }).port), 'scalarlm');
    } finally {
      await new Promise<void>((resolve) => scalarlm.close(() => resolve()));
    }
    const other = createHttpServer((_req, res) => res.writeHead(404).end('not here'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as { port: number }).port;
    try {
      assert.equal(await portHolder(otherPort), 'other');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
    assert.equal(await portHolder(otherPort), 'free', 'free once it is let go');
    await withSimulator({}, async (sim) => assert.equal(await portHolder(Number(new URL(sim.url).port)), 'simulator'));
  });
});
