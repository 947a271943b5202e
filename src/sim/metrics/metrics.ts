// GET /v1/generate/metrics as the server computes it (protocol §4): rates over a 60 s sliding window of
// completions (with the tiny-span spike right after the first one), cumulative totals that only count while
// an in-memory depth counter is above zero (so they undercount), and the chat queue's counters and
// histograms. The legacy profile reports the first seven keys with cumulative rates.

import { PyFloat, pyFloat } from '../wire/python-json';

const RATE_WINDOW_SECONDS = 60;
const MIN_SPAN_SECONDS = 0.001;
const HISTOGRAM_CAPACITY = 1024;
/** Durations of 60 ± 0.5 s suggest a buffering proxy that cut the heartbeats (§10.2). */
const BUFFERING_SECONDS = 60;
const BUFFERING_TOLERANCE = 0.5;
/** The worker's rough FLOP estimate per token (2 x parameters, a ~1B model). */
export const FLOPS_PER_TOKEN = 2e9;
/** scalarlm_queue_wait_time_seconds buckets (§7). */
export const QUEUE_WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30];

interface Sample {
  t: number;
  tokens: number;
  flops: number;
}

export type MetricsSnapshot = Record<string, number | PyFloat>;

export class Metrics {
  private window: Sample[] = [];
  /** The in-memory `queue_depth` counter: +1 per generate prompt and stream, -1 per completion, floor 0. */
  private depthCounter = 0;
  private epochMark: number | undefined;
  private totalRequests = 0;
  private totalTokens = 0;
  private totalFlops = 0;
  private totalTime = 0;

  /** Open proxied streams (streaming chat, every /v1/completions). */
  streamingInflight = 0;
  /** Non-streaming chats waiting for their answer. */
  chatInFlight = 0;
  private chatAdmitted = 0;
  private chatRejected = 0;
  private readonly chatBatchSizes: number[] = [];
  private readonly chatDurations: number[] = [];
  private chatApparentBuffering = 0;

  readonly queueWaitBucketCounts = QUEUE_WAIT_BUCKETS.map(() => 0);
  queueWaitCount = 0;
  queueWaitSum = 0;

  /** Seconds since the epoch; injectable so the window can be tested without waiting a minute. */
  constructor(private readonly clock: () => number = () => Date.now() / 1000) {}

  /** The drifting counter chat admission reads (§6.3), not the queue_depth that /metrics reports. */
  get inMemoryDepth(): number {
    return this.depthCounter;
  }

  recordNewRequests(count: number): void {
    if (count <= 0) return;
    if (this.depthCounter === 0) this.epochMark = this.clock();
    this.depthCounter += count;
  }

  recordCompletion(tokens: number, flops: number): void {
    const now = this.clock();
    this.window.push({ t: now, tokens, flops });
    if (this.depthCounter === 0) return;
    this.totalRequests++;
    this.totalTokens += tokens;
    this.totalFlops += flops;
    this.totalTime += now - (this.epochMark ?? now);
    this.epochMark = now;
    this.depthCounter--;
    if (this.depthCounter === 0) this.epochMark = undefined;
  }

  recordChatAdmitted(): void {
    this.chatAdmitted++;
  }

  recordChatRejected(): void {
    this.chatRejected++;
  }

  recordChatBatch(size: number): void {
    pushBounded(this.chatBatchSizes, size);
  }

  recordChatDuration(seconds: number): void {
    pushBounded(this.chatDurations, seconds);
    if (Math.abs(seconds - BUFFERING_SECONDS) <= BUFFERING_TOLERANCE) this.chatApparentBuffering++;
  }

  recordQueueWait(seconds: number): void {
    this.queueWaitCount++;
    this.queueWaitSum += seconds;
    QUEUE_WAIT_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) this.queueWaitBucketCounts[i]++;
    });
  }

  snapshot(queueDepth: number, profile: 'current' | 'legacy'): MetricsSnapshot {
    const base = {
      queue_depth: queueDepth,
      requests: this.totalRequests,
      tokens: this.totalTokens,
      total_time: pyFloat(this.totalTime),
    };
    if (profile === 'legacy') {
      // Old servers: total / busy time since process start (§4).
      const rate = (total: number): PyFloat => pyFloat(this.totalTime > 0 ? total / this.totalTime : 0);
      return { ...base, 'token/s': rate(this.totalTokens), 'request/s': rate(this.totalRequests), 'flop/s': rate(this.totalFlops) };
    }
    const rates = this.windowRates();
    const decided = this.chatAdmitted + this.chatRejected;
    return {
      ...base,
      'token/s': pyFloat(rates.tokens),
      'request/s': pyFloat(rates.requests),
      'flop/s': pyFloat(rates.flops),
      chat_in_flight: this.chatInFlight,
      chat_admitted_429_count: this.chatRejected,
      chat_total_count: decided,
      chat_admitted_429_rate: pyFloat(decided > 0 ? this.chatRejected / decided : 0),
      chat_batch_size_p50: nearestRank(this.chatBatchSizes, 50),
      chat_batch_size_p99: nearestRank(this.chatBatchSizes, 99),
      chat_request_duration_p50: durationPercentile(this.chatDurations, 50),
      chat_request_duration_p99: durationPercentile(this.chatDurations, 99),
      chat_apparent_buffering_count: this.chatApparentBuffering,
    };
  }

  private windowRates(): { tokens: number; requests: number; flops: number } {
    const now = this.clock();
    this.window = this.window.filter((sample) => now - sample.t <= RATE_WINDOW_SECONDS);
    if (this.window.length === 0) return { tokens: 0, requests: 0, flops: 0 };
    const span = Math.max(Math.min(RATE_WINDOW_SECONDS, now - this.window[0].t), MIN_SPAN_SECONDS);
    let tokens = 0;
    let flops = 0;
    for (const sample of this.window) {
      tokens += sample.tokens;
      flops += sample.flops;
    }
    return { tokens: tokens / span, requests: this.window.length / span, flops: flops / span };
  }
}

function pushBounded(samples: number[], value: number): void {
  samples.push(value);
  if (samples.length > HISTOGRAM_CAPACITY) samples.shift();
}

/** Nearest-rank percentile over the sorted samples; 0 when there are none. */
function nearestRank(samples: readonly number[], percentile: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((percentile / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function durationPercentile(samples: readonly number[], percentile: number): number | PyFloat {
  return samples.length === 0 ? 0 : pyFloat(nearestRank(samples, percentile));
}
