// The simulated trainer's arithmetic and words (training.md §9, modelled on the fake trainer the protocol was
// observed with): a deterministic falling loss, epochs from the dataset size, a linearly decaying learning
// rate, and log lines like a training job's.

export interface HistoryEntry {
  step: number;
  loss: number;
  epoch: number;
  time: number;
}

/** JobConfig's defaults for the fields the simulated trainer reads. */
export const DEFAULT_MAX_STEPS = 100;
const DEFAULT_LEARNING_RATE = 3e-3;
const DEFAULT_BATCH_SIZE = 1;
const DEFAULT_GRADIENT_ACCUMULATION = 4;

export function lossAt(step: number, maxSteps: number): number {
  return round(0.05 + 2.5 * Math.exp((-3 * step) / Math.max(1, maxSteps)), 6);
}

export function historyEntry(step: number, maxSteps: number, examples: number, stepSeconds: number, config: Record<string, unknown>): HistoryEntry {
  const perStep = numberOr(config.batch_size, DEFAULT_BATCH_SIZE) * numberOr(config.gradient_accumulation_steps, DEFAULT_GRADIENT_ACCUMULATION);
  return { step, loss: lossAt(step, maxSteps), epoch: Math.floor((step * perStep) / Math.max(1, examples)), time: round((step + 1) * stepSeconds, 4) };
}

/** JobConfig's training_history_length: status.json keeps at most this many history entries. */
const DEFAULT_HISTORY_LENGTH = 1024;

/**
 * The history with `entry` added, thinned back to training_history_length as the trainer's remove_closest_entry
 * does: the entry closest in time to the one before it goes (never the first or the last).
 */
export function withEntry(history: readonly HistoryEntry[], entry: HistoryEntry, config: Record<string, unknown>): HistoryEntry[] {
  const limit = Math.max(2, numberOr(config.training_history_length, DEFAULT_HISTORY_LENGTH));
  const next = [...history, entry];
  while (next.length > limit) {
    let closest = 1;
    for (let i = 2; i < next.length - 1; i++) if (next[i].time - next[i - 1].time < next[closest].time - next[closest - 1].time) closest = i;
    next.splice(closest, 1);
  }
  return next;
}

export function maxStepsOf(config: Record<string, unknown>): number {
  const value = numberOr(config.max_steps, DEFAULT_MAX_STEPS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_STEPS;
}

/** `list_models`' loss: an EMA seeded with the first loss, which weights the first steps (training.md §3.3). */
export function emaLoss(history: readonly HistoryEntry[]): number {
  if (history.length === 0) return 0.0;
  let ema = history[0].loss;
  for (const entry of history.slice(1)) ema = 0.9 * ema + 0.1 * entry.loss;
  return round(ema, 8);
}

export function startLines(jobDirectory: string, llmName: string, examples: number): string[] {
  return [
    `INFO:cray_megatron.main:Loading job config from ${jobDirectory}/config.yaml`,
    `INFO:cray_megatron.main:Loading model ${llmName}`,
    `INFO:cray_megatron.main:Loaded ${examples} training examples from ${jobDirectory}/dataset.jsonlines`,
  ];
}

export function stepLine(entry: HistoryEntry, maxSteps: number, config: Record<string, unknown>, stepSeconds: number): string {
  const learningRate = numberOr(config.learning_rate, DEFAULT_LEARNING_RATE) * (1 - entry.step / maxSteps);
  return (
    `INFO:fake_trainer:Training step ${entry.step} - epoch ${entry.epoch} - avg loss ${entry.loss.toFixed(4)} - ` +
    `learning rate ${learningRate.toPrecision(3)} - step time ${stepSeconds.toFixed(3)} seconds`
  );
}

export function checkpointLine(jobDirectory: string, step: number): string {
  return `INFO:cray_megatron.megatron.training_loop:Saving checkpoint to ${jobDirectory}/checkpoint_${step}.pt`;
}

export function completedLines(seconds: number): string[] {
  return [`INFO:cray_megatron.megatron.megatron_trainer:Training finished in ${seconds.toFixed(2)} seconds`];
}

export function failureLines(error: string): string[] {
  return [
    'Traceback (most recent call last):',
    '  File "/app/cray/ml/cray_megatron/main.py", line 42, in main',
    '    train()',
    `RuntimeError: ${error}`,
  ];
}

export function cancelLine(jobId: string): string {
  return `slurmstepd: error: *** JOB ${jobId} ON fakenode CANCELLED AT ${new Date().toISOString().slice(0, 19)} ***`;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
