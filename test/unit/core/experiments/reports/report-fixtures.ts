// Cell records and a run header for the report tests: a matrix of two prompts on one provider, with cells in
// every state (passed, failed, errored, graded with an error, pending, unsent, answered with no assertions).

import type { ExperimentHeader } from '../../../../../src/core/runs/ledger-schema';
import type { CellRecord, RecordedRun, RecordVerdict } from '../../../../../src/core/experiments/cell-records';

export const HOSTILE = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  link: '<a href="javascript:alert(1)">click</a>',
  textarea: '</textarea><b>bold</b>',
  attribute: '" onmouseover="alert(1)" x="',
  cdata: 'before ]]> after <![CDATA[ inner ]]>',
  controls: 'bell\u0007 nul\u0000 esc\u001b vt\u000b lone\ud800 end',
};

export const HOSTILE_TEXT = Object.values(HOSTILE).join('\n');

export function header(columns: { prompt: string; provider: string; model?: string }[]): ExperimentHeader {
  return {
    origin: { kind: 'config', path: '/work/promptfooconfig.yaml' },
    columns: columns.map((c) => ({ promptKey: `key:${c.prompt}`, promptLabel: c.prompt, providerKey: `key:${c.provider}`, providerLabel: c.provider, ...(c.model ? { model: c.model } : {}), transport: 'batch', maxTokens: 64 })),
    tests: 3,
    repeat: 1,
    fingerprint: 'f',
  };
}

export function run(h: ExperimentHeader, title = 'Greetings'): RecordedRun {
  return { runId: 'run-0001', title, header: h, createdAt: '2026-12-01T10:49:27.000Z' };
}

export function record(prompt: string, provider: string, test: number, fields: Partial<CellRecord> = {}): CellRecord {
  return {
    prompt: { key: `key:${prompt}`, label: prompt },
    provider: { key: `key:${provider}`, label: provider, model: null },
    transport: 'batch',
    test: { index: test, description: `row ${test}`, vars: { name: `name ${test}` } },
    repeat: 0,
    status: 'ok',
    output: `answer ${test}`,
    error: null,
    renderedPrompt: `Greet name ${test}`,
    requestId: `g_${test}`,
    tokens: { prompt: 10, completion: 5 },
    latencyMs: 1000,
    finishReason: 'stop',
    verdict: null,
    ...fields,
  };
}

export function verdict(status: RecordVerdict['status'], fields: Partial<RecordVerdict> = {}): RecordVerdict {
  const passing = status === 'pass';
  return {
    status,
    score: status === 'pass' ? 1 : status === 'fail' ? 0 : null,
    reason: passing ? 'All assertions passed' : 'contains: Expected output to contain "Paris"',
    namedScores: {},
    assertions: [{ type: 'contains', status: passing ? 'pass' : 'fail', pass: passing, score: passing ? 1 : 0, reason: passing ? 'Assertion passed' : 'Expected output to contain "Paris"', weight: 1 }],
    ...fields,
  };
}
