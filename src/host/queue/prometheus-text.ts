// The text of the Prometheus metrics document: what GET /v1/metrics answered, under a few `#` lines saying
// where and when it was read (comments in the exposition format, so the text stays valid exposition), or
// why there is nothing to show. No 'vscode' import, so it is unit-tested on Node.

import type { PrometheusLookup } from '../../core/api/types';

export type PrometheusReading = PrometheusLookup | { state: 'failed'; message: string } | { state: 'unconfigured'; reason: string };

export const REFRESH_HINT = 'ScalarLM: Refresh Prometheus Metrics reads it again';

/** `refreshHint` says how to read it again: the editor's command, or the CLI's. */
export function prometheusDocumentText(reading: PrometheusReading, baseUrl: string | undefined, at: Date, refreshHint = REFRESH_HINT): string {
  const when = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (reading.state === 'unconfigured') return comment([`Not configured: ${reading.reason}`, refreshHint + ' once a deployment is set.']);
  const header = `GET ${baseUrl}/v1/metrics at ${when} (${refreshHint}).`;
  switch (reading.state) {
    case 'found': {
      const body = reading.text.endsWith('\n') || reading.text === '' ? reading.text : `${reading.text}\n`;
      return `${comment([header, ''])}${body}`;
    }
    case 'route-missing':
      return comment([
        header,
        '',
        'This server has no /v1/metrics (HTTP 404): the Prometheus exposition came with newer ScalarLM servers.',
        'Its queue metrics (GET /v1/generate/metrics) are in the status bar tooltip and in ScalarLM: Open Queue Metrics.',
      ]);
    case 'failed':
      return comment([header, '', 'Could not read it:', ...reading.message.split(/\r?\n/)]);
  }
}

function comment(lines: readonly string[]): string {
  return lines.map((line) => (line === '' ? '#\n' : `# ${line}\n`)).join('');
}
