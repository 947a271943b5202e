import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { once } from 'node:events';
import { DEFAULT_OPTIONS, type SimHandle } from '../../../src/sim';
import { eventually, useSimulator } from './helpers';

/** One raw HTTP/1.1 connection: what the server sent, and when it closed the socket. */
class RawConnection {
  private readonly socket: net.Socket;
  private received = '';
  closedAt: number | undefined;

  constructor(sim: SimHandle) {
    this.socket = net.connect(sim.port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.socket.on('data', (text: string) => (this.received += text));
    this.socket.on('close', () => (this.closedAt = Date.now()));
  }

  async opened(): Promise<void> {
    await once(this.socket, 'connect');
  }

  /** Sends a GET (keep-alive is HTTP/1.1's default) and resolves with the head of its answer once the body is in. */
  async get(path: string): Promise<{ head: string; at: number }> {
    const start = this.received.length;
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    return eventually(() => {
      const answer = this.received.slice(start);
      const cut = answer.indexOf('\r\n\r\n');
      if (cut < 0) return undefined;
      const head = answer.slice(0, cut);
      const length = Number(/^content-length: (\d+)$/im.exec(head)?.[1]);
      return answer.length >= cut + 4 + length ? { head, at: Date.now() } : undefined;
    }, 2000, `the answer to GET ${path}`);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

describe('sim: connection headers and idle keep-alive sockets (protocol §11)', () => {
  const idleMs = 300;
  const sim = useSimulator({ zeroLatency: true, idleSocketTimeoutMs: idleMs });

  it('sends neither Connection nor Keep-Alive, keeps the socket for the next request, and closes it after the idle timeout', async () => {
    const connection = new RawConnection(sim());
    try {
      await connection.opened();
      const first = await connection.get('/v1/health');
      assert.match(first.head, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(first.head, /^server: uvicorn$/im);
      assert.doesNotMatch(first.head, /^connection:/im);
      assert.doesNotMatch(first.head, /^keep-alive:/im);

      // Still open: the second request goes over the same socket.
      const second = await connection.get('/v1/health/keepalive');
      assert.match(second.head, /^HTTP\/1\.1 200 OK\r\n/);
      assert.equal(connection.closedAt, undefined);

      const before = sim().stats().idleSocketTimeouts;
      const closedAt = await eventually(() => connection.closedAt, idleMs + 2000, 'the server to close the idle socket');
      const idle = closedAt - second.at;
      assert.ok(idle >= idleMs - 50, `closed after ${idle} ms, before the ${idleMs} ms idle timeout`);
      assert.ok(idle < idleMs + 500, `closed after ${idle} ms, long after the ${idleMs} ms idle timeout`);
      assert.equal(sim().stats().idleSocketTimeouts, before + 1);
    } finally {
      connection.destroy();
    }
  });

  it('answers a request that asked for Connection: close with connection: close, as uvicorn does, and closes', async () => {
    const socket = net.connect(sim().port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (received += text));
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await closed;
    const head = received.slice(0, received.indexOf('\r\n\r\n'));
    assert.match(head, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(head, /^connection: close$/im);
    assert.doesNotMatch(head, /^keep-alive:/im);
  });

  it("defaults to uvicorn's 5 s", () => {
    assert.equal(DEFAULT_OPTIONS.idleSocketTimeoutMs, 5000);
  });
});
