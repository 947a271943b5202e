// The client core's public surface, for the batch runner, the CLI and the extension.

export type { ChatOptions, ScalarLMApi } from './api';
export { ScalarLMClient, type ClientOptions } from './client';
export * from './errors';
export { embeddingOf, embeddingText } from './embedding';
export { computeGroupId, parseRequestId, queuedItemsFor, requestIdFor, type ParsedRequestId, type QueuedItem } from './group-id';
export { PythonFloat, pythonJsonDumps } from './python-json';
export { readEventStream } from './sse';
export { POOLED_SOCKET_IDLE_MS } from './http';
export { DEFAULT_TIMEOUTS } from './timeouts';
export type * from './types';
