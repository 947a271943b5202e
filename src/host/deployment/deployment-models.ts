// What the pickers read from the deployment, read one way for all of them: its models (GET /v1/models) and its
// training jobs (list_models through TrainingClient.jobs). A failed job list never stops a pick: the served models
// still show, and the list's heading says why the jobs are missing.

import { HttpStatusError, isScalarLMError } from '../../core/api/errors';
import type { ModelInfo } from '../../core/api/types';
import type { TrainingClient } from '../../core/training';
import type { TrainingSide } from './adaptor-list';

export interface DeploymentModels {
  models: ModelInfo[];
  training: TrainingSide;
}

/** `warn` is told, in full, why the training jobs could not be listed. */
export async function deploymentModels(training: TrainingClient, warn: (text: string) => void): Promise<DeploymentModels> {
  const [models, jobs] = await Promise.all([training.api.models().then(({ data }) => data), trainingSide(training, warn)]);
  return { models, training: jobs };
}

async function trainingSide(training: TrainingClient, warn: (text: string) => void): Promise<TrainingSide> {
  try {
    return await training.jobs();
  } catch (error) {
    if (!isScalarLMError(error)) throw error;
    warn(`Listing the training jobs failed: ${error.message}`);
    return { state: 'failed', reason: `${error instanceof HttpStatusError ? `HTTP ${error.status}` : error.kind}; see the ScalarLM log` };
  }
}
