// Preloaded (node --expose-gc --require) into a CLI process under test: collects garbage every few milliseconds,
// so an object only weakly held (an AbortSignal.timeout inside AbortSignal.any, nodejs/node#57736) is gone
// long before a deadline it was meant to keep. The interval is unref'd: it never keeps the process alive.

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('collect-garbage-often needs node --expose-gc');
setInterval(collect, 5).unref();
