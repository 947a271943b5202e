// The extension's settings as the job planner's `configured` layer: standing preferences, below what a
// prompt file says and what a run is explicitly asked for (core/jobs/batch-job.ts has the whole order).

import type { JobOverrides } from '../../core/jobs/batch-job';
import type { Settings } from '../settings-schema';

export function configuredOverrides(settings: Settings): JobOverrides {
  return {
    model: settings.model,
    maxTokens: settings.maxTokens,
    temperature: settings.temperature,
    groupSize: settings.batch.groupSize,
    maxInFlight: settings.batch.maxInFlight,
    pauseAboveQueueDepth: settings.batch.pauseAboveQueueDepth,
  };
}
