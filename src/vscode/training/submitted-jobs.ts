// Jobs this window submitted, followed after their panel is closed until they end, so that their completion is
// still said (an open panel follows its job itself). One status read every few seconds, no logs; a deleted job
// ends it. Stopped with the window.

import * as vscode from 'vscode';
import { sleep } from '../../core/api/sleep';
import { endsFollowing, TrainingClient, TrainingJobNotFoundError, type TrainingJobDetail } from '../../core/training';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';

const POLL_MS = 3000;

export class SubmittedJobs implements vscode.Disposable {
  private readonly following = new Map<string, AbortController>();
  private disposed = false;

  constructor(
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
    private readonly onDetail: (detail: TrainingJobDetail) => void,
  ) {}

  follow(hash: string): void {
    if (this.disposed || this.following.has(hash)) return;
    const stop = new AbortController();
    this.following.set(hash, stop);
    void this.poll(hash, stop.signal).finally(() => {
      if (this.following.get(hash) === stop) this.following.delete(hash);
    });
  }

  private async poll(hash: string, signal: AbortSignal): Promise<void> {
    const access = this.connection.createClient();
    if (!access.ok) return;
    const training = new TrainingClient(access.api);
    try {
      while (await sleep(POLL_MS, signal).then(() => true, () => false)) {
        try {
          const detail = await training.job(hash, { signal });
          this.onDetail(detail);
          if (endsFollowing(detail.status.status)) return;
        } catch (error) {
          if (signal.aborted || error instanceof TrainingJobNotFoundError) return;
          // A read that failed (a torn status.json, a dropped connection) is tried again at the next poll.
          this.log.channel.debug(`Training job ${hash}: ${error instanceof Error ? error.message : String(error)}; reading it again.`);
        }
      }
    } finally {
      await access.api.close();
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.following.values()) stop.abort();
    this.following.clear();
  }
}
