// Every setting of the extension, declared once with its type and default, and read into one typed
// object. No 'vscode' import here: a unit test checks these declarations against package.json's
// contributes.configuration, and the reading is done through a getter the caller supplies.

import { BATCH_DEFAULTS, BATCH_LIMITS, CHAT_DEFAULTS } from '../core/batch/limits';

export interface Settings {
  baseUrl: string;
  model: string;
  maxTokens: number;
  temperature: number;
  requestTimeoutSeconds: number;
  batch: { groupSize: number; maxInFlight: number; pauseAboveQueueDepth: number; confirmAbove: number };
  metrics: { enabled: boolean; intervalSeconds: number };
  runs: { location: RunsLocation };
  chat: { systemPrompt: string; stream: boolean; timeoutSeconds: number };
  headers: Record<string, string>;
  gatewayTokenHeader: string;
}

export type RunsLocation = 'workspaceStorage' | 'workspaceFolder';

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'object';

interface Declared<K extends Kind, T> {
  kind: K;
  default: T;
  min?: number;
  max?: number;
  /** The allowed strings, for a string setting with an enum. */
  values?: readonly string[];
}

/** Keys under `scalarlm.`, as package.json declares them; job defaults and limits come from core/jobs. */
export const SETTINGS = {
  // No default deployment: until the user points somewhere (or starts the local simulator) nothing is
  // contacted, and the editor says "not configured" instead of failing against a guessed localhost:8000.
  baseUrl: { kind: 'string', default: '' },
  model: { kind: 'string', default: '' },
  maxTokens: { kind: 'integer', default: BATCH_DEFAULTS.maxTokens, ...BATCH_LIMITS.maxTokens },
  temperature: { kind: 'number', default: 0, ...BATCH_LIMITS.temperature },
  requestTimeoutSeconds: { kind: 'number', default: 120, min: 1 },
  'batch.groupSize': { kind: 'integer', default: BATCH_DEFAULTS.groupSize, ...BATCH_LIMITS.groupSize },
  'batch.maxInFlight': { kind: 'integer', default: BATCH_DEFAULTS.maxInFlight, ...BATCH_LIMITS.maxInFlight },
  'batch.pauseAboveQueueDepth': { kind: 'integer', default: BATCH_DEFAULTS.pauseAboveQueueDepth, ...BATCH_LIMITS.pauseAboveQueueDepth },
  'batch.confirmAbove': { kind: 'integer', default: BATCH_DEFAULTS.confirmAbove, min: 0 },
  'metrics.enabled': { kind: 'boolean', default: true },
  'metrics.intervalSeconds': { kind: 'number', default: 3, min: 1 },
  'runs.location': { kind: 'string', default: 'workspaceStorage' as RunsLocation, values: ['workspaceStorage', 'workspaceFolder'] },
  'chat.systemPrompt': { kind: 'string', default: '' },
  'chat.stream': { kind: 'boolean', default: true },
  'chat.timeoutSeconds': { kind: 'number', default: CHAT_DEFAULTS.timeoutSeconds, min: 1 },
  headers: { kind: 'object', default: {} as Record<string, string> },
  gatewayTokenHeader: { kind: 'string', default: 'Authorization' },
} satisfies Record<string, Declared<Kind, unknown>>;

export type SettingKey = keyof typeof SETTINGS;

/** Reads every setting through `get` (the raw value or undefined), falling back to the default for values of the wrong type or out of range. */
export function readSettings(get: (key: SettingKey) => unknown): Settings {
  const value = <K extends SettingKey>(key: K) => normalise(key, get(key)) as (typeof SETTINGS)[K]['default'];
  return {
    baseUrl: value('baseUrl').trim(),
    model: value('model').trim(),
    maxTokens: value('maxTokens'),
    temperature: value('temperature'),
    requestTimeoutSeconds: value('requestTimeoutSeconds'),
    batch: {
      groupSize: value('batch.groupSize'),
      maxInFlight: value('batch.maxInFlight'),
      pauseAboveQueueDepth: value('batch.pauseAboveQueueDepth'),
      confirmAbove: value('batch.confirmAbove'),
    },
    metrics: { enabled: value('metrics.enabled'), intervalSeconds: value('metrics.intervalSeconds') },
    runs: { location: value('runs.location') },
    chat: { systemPrompt: value('chat.systemPrompt'), stream: value('chat.stream'), timeoutSeconds: value('chat.timeoutSeconds') },
    headers: value('headers'),
    gatewayTokenHeader: value('gatewayTokenHeader').trim() || SETTINGS.gatewayTokenHeader.default,
  };
}

function normalise(key: SettingKey, raw: unknown): unknown {
  const declared: Declared<Kind, unknown> = SETTINGS[key];
  switch (declared.kind) {
    case 'string':
      return typeof raw === 'string' && (declared.values === undefined || declared.values.includes(raw)) ? raw : declared.default;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : declared.default;
    case 'integer':
    case 'number': {
      const ok = typeof raw === 'number' && Number.isFinite(raw) && (declared.kind === 'number' || Number.isInteger(raw));
      const inRange = ok && (declared.min === undefined || raw >= declared.min) && (declared.max === undefined || raw <= declared.max);
      return inRange ? raw : declared.default;
    }
    case 'object':
      return isStringRecord(raw) ? raw : declared.default;
  }
}

function isStringRecord(raw: unknown): raw is Record<string, string> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.values(raw).every((v) => typeof v === 'string');
}
