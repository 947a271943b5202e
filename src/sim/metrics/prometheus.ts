// GET /v1/metrics (protocol §7): prometheus_client's text exposition. ScalarLM updates only the queue depth
// gauge and the queue wait histogram, with `model="unknown"` because queue rows carry no model; the other
// series are declared but never updated, so only their HELP and TYPE lines appear.

import { formatPythonFloat } from '../wire/python-json';
import { QUEUE_WAIT_BUCKETS, type Metrics } from './metrics';

const DECLARED_ONLY: readonly [name: string, type: string, help: string][] = [
  ['scalarlm_inference_requests_total', 'counter', 'Total inference requests'],
  ['scalarlm_inference_duration_seconds', 'histogram', 'Inference request duration in seconds'],
  ['scalarlm_adapter_load_time_seconds', 'histogram', 'Time to load an adapter in seconds'],
  ['scalarlm_training_loss', 'gauge', 'Training loss'],
  ['scalarlm_training_grad_norm', 'gauge', 'Training gradient norm'],
  ['scalarlm_training_mfu', 'gauge', 'Training model FLOPs utilization'],
  ['scalarlm_training_step_time_seconds', 'histogram', 'Training step time in seconds'],
];

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function renderPrometheus(metrics: Metrics, queueDepth: number, startedAt: number): string {
  const value = (n: number): string => formatPythonFloat(n);
  const label = 'model="unknown"';
  const lines: string[] = [];
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  lines.push(
    '# HELP python_info Python platform information',
    '# TYPE python_info gauge',
    'python_info{implementation="CPython",major="3",minor="12",patchlevel="3",version="3.12.3"} 1.0',
    '# HELP process_resident_memory_bytes Resident memory size in bytes.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${value(memory.rss)}`,
    '# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.',
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${value(startedAt)}`,
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total ${value((cpu.user + cpu.system) / 1e6)}`,
    '# HELP scalarlm_queue_depth Number of requests waiting in the inference queue',
    '# TYPE scalarlm_queue_depth gauge',
    `scalarlm_queue_depth{${label}} ${value(queueDepth)}`,
    '# HELP scalarlm_queue_wait_time_seconds Time requests spend waiting in the queue',
    '# TYPE scalarlm_queue_wait_time_seconds histogram',
  );
  QUEUE_WAIT_BUCKETS.forEach((bound, i) => {
    lines.push(`scalarlm_queue_wait_time_seconds_bucket{${label},le="${value(bound)}"} ${value(metrics.queueWaitBucketCounts[i])}`);
  });
  lines.push(
    `scalarlm_queue_wait_time_seconds_bucket{${label},le="+Inf"} ${value(metrics.queueWaitCount)}`,
    `scalarlm_queue_wait_time_seconds_count{${label}} ${value(metrics.queueWaitCount)}`,
    `scalarlm_queue_wait_time_seconds_sum{${label}} ${value(metrics.queueWaitSum)}`,
  );
  for (const [name, type, help] of DECLARED_ONLY) lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  return `${lines.join('\n')}\n`;
}
