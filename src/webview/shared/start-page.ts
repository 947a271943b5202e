// How every panel's page starts: connect to the host, build the page with the state saved before a reload,
// say `ready`, then apply what the host sends; everything the page listens to or times ends with it. A run
// panel also reports how long the first render after each `init` took, so slow panels show up in tests and
// benchmarks.

import { connectToHost } from './host-connection';

export interface PageHost<Out, State> {
  post(message: Out): void;
  save(state: State): void;
}

export interface Page<In> {
  apply(message: In): void;
}

export interface PageSpec<In extends { type: string }, Out, State> {
  /** Narrows what arrives on the channel to the host's messages for this page. */
  accepts(value: unknown): value is In;
  restore(saved: unknown): State | undefined;
  create(host: PageHost<Out, State>, restored: State | undefined, signal: AbortSignal): Page<In>;
  ready: Out;
  /** The message that reports the first render after `init`, which took `ms` (run panels). */
  rendered?(init: Extract<In, { type: 'init' }>, ms: number): Out;
}

export function startPage<In extends { type: string }, Out, State>(spec: PageSpec<In, Out, State>): void {
  const host = connectToHost<Out, State>();
  // Every listener, observer and timer of the page hangs off this signal; it is released with the page.
  const lifetime = new AbortController();
  const page = spec.create({ post: (message) => host.postMessage(message), save: (state) => host.setState(state) }, spec.restore(host.getState()), lifetime.signal);

  window.addEventListener(
    'message',
    (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!spec.accepts(message)) return;
      const arrived = performance.now();
      page.apply(message);
      if (spec.rendered && isInit(message)) {
        // Reading a layout property makes the browser finish style and layout now, so the figure covers them.
        void document.body.offsetHeight;
        host.postMessage(spec.rendered(message, Math.round((performance.now() - arrived) * 10) / 10));
      }
    },
    { signal: lifetime.signal },
  );
  window.addEventListener('pagehide', () => lifetime.abort(), { once: true });

  host.postMessage(spec.ready);
}

function isInit<In extends { type: string }>(message: In): message is Extract<In, { type: 'init' }> {
  return message.type === 'init';
}
