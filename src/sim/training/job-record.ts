// One training job as the simulator keeps it: what its directory on the server holds.

/** What a job directory holds. */
export interface TrainingJob {
  hash: string;
  /** config.yaml: the train_args plus what the server added, in insertion order. */
  config: Record<string, unknown>;
  /** status.json. */
  status: Record<string, unknown> & { status: string };
  /** dataset.jsonlines; undefined when the archive had none (the trainer fails on it). */
  dataset: string | undefined;
  /** The slurm-<id>.out lines, concatenated. */
  log: string[];
  /** Set by a `train-fail` fault or the `fake_fail_at_step` param. */
  failAtStep?: number;
  /** A checkpoint_*.pt was written: the periodic task or find_model may register the adaptor. */
  checkpointed?: boolean;
}
