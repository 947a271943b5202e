// uvicorn's timeout_keep_alive (protocol §11): once a keep-alive socket has answered its request, it is
// closed if no new request starts within the timeout. Node's own server.keepAliveTimeout cannot stand in:
// Node 20 waits a second longer than it is set to, so it could not show a client meeting a closed socket
// at the server's real timeout.

import type { Socket } from 'node:net';
import type { Timers } from '../util/timers';

interface SocketState {
  /** Requests on this socket whose response has not closed yet. */
  inProgress: number;
  stopClock?: () => void;
}

export class IdleSockets {
  private readonly states = new Map<Socket, SocketState>();

  constructor(
    private readonly timers: Timers,
    private readonly timeoutMs: number,
    /** Called for each socket closed for being idle. */
    private readonly onIdleClose: () => void,
  ) {}

  /** A new connection: it has no clock until its first answer, as uvicorn starts none before. */
  add(socket: Socket): void {
    this.states.set(socket, { inProgress: 0 });
    socket.on('close', () => {
      this.states.get(socket)?.stopClock?.();
      this.states.delete(socket);
    });
  }

  requestStarted(socket: Socket): void {
    const state = this.states.get(socket);
    if (!state) return;
    state.stopClock?.();
    state.stopClock = undefined;
    state.inProgress++;
  }

  /** The response closed (answered or cut): the socket goes idle once nothing else is in progress on it. */
  requestEnded(socket: Socket): void {
    const state = this.states.get(socket);
    if (!state) return;
    state.inProgress = Math.max(0, state.inProgress - 1);
    if (state.inProgress > 0 || socket.destroyed) return;
    state.stopClock?.();
    state.stopClock = this.timers.after(this.timeoutMs, () => {
      state.stopClock = undefined;
      if (socket.destroyed) return;
      this.onIdleClose();
      socket.destroy();
    });
  }
}
