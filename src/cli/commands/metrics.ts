// scalarlm-lab metrics [--watch | --prometheus]: the deployment's queue (GET /v1/generate/metrics), whichever
// key spelling it uses; with --watch, one line per sample until Ctrl-C; with --prometheus, the server's
// Prometheus exposition (GET /v1/metrics) as the editor's Prometheus document shows it (host/queue/prometheus-text).

import { isScalarLMError } from '../../core/api/errors';
import type { QueueMetrics } from '../../core/api/types';
import { formatMetricValue, metricRows } from '../../core/monitor/metric-rows';
import { sleep } from '../../core/api/sleep';
import { prometheusDocumentText } from '../../host/queue/prometheus-text';
import { numberOption, type Command } from '../command';
import { withClient } from '../connection';
import { formatNumber, json, table } from '../format';
import { EXIT } from '../io';

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'Show the deployment\'s queue metrics (GET /v1/generate/metrics). Rates cover the last 60 s (an older server\'s are cumulative, and labelled so).',
  usage: '[--watch [--interval SECONDS] | --prometheus] [options]',
  options: {
    watch: { type: 'boolean', short: 'w', description: 'Keep sampling until Ctrl-C, one line per sample' },
    interval: { type: 'string', valueName: 'SECONDS', description: 'Seconds between samples with --watch (default 3)' },
    prometheus: { type: 'boolean', description: "Print the server's Prometheus metrics (GET /v1/metrics) instead" },
  },
  async run(args, io) {
    const intervalMs = (numberOption(args, 'interval', { min: 0.1 }) ?? 3) * 1000;
    return withClient(args, io, async (client, call) => {
      if (args.values.prometheus) {
        const reading = (await client.prometheusMetrics(call)).data;
        io.stdout.write(prometheusDocumentText(reading, client.baseUrl, new Date(), 'scalarlm-lab metrics --prometheus reads it again'));
        return reading.state === 'found' ? EXIT.ok : EXIT.fatal;
      }
      const sample = async () => (await client.metrics(call)).data;
      if (!args.values.watch) {
        const metrics = await sample();
        io.stdout.write(args.values.json ? json(metrics) : metricsTable(metrics));
        return EXIT.ok;
      }
      // Watching outlives a restarting deployment: a failed sample is a line of its own, then sampling goes on.
      while (!io.signal.aborted) {
        try {
          const metrics = await sample();
          io.stdout.write(args.values.json ? JSON.stringify({ at: new Date().toISOString(), ...metrics }) + '\n' : watchLine(metrics));
        } catch (error) {
          if (io.signal.aborted) break;
          if (!isScalarLMError(error)) throw error;
          io.stderr.write(`${new Date().toTimeString().slice(0, 8)}  ${error.message}\n`);
        }
        await sleep(intervalMs, io.signal).catch(() => undefined);
      }
      return EXIT.ok;
    });
  },
};

function metricsTable(m: QueueMetrics): string {
  return table(metricRows(m).map(([label, value]) => [label, typeof value === 'number' ? formatMetricValue(label, value) : value]));
}

function watchLine(m: QueueMetrics): string {
  const time = new Date().toTimeString().slice(0, 8);
  return `${time}  queue ${formatNumber(m.queueDepth)}  tokens/s ${formatNumber(m.tokensPerSecond)}  requests/s ${formatNumber(m.requestsPerSecond, 2)}\n`;
}
