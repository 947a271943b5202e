// The chat panel's controls for the next turn, kept in the conversation record: each column's model, the
// temperature, max tokens, system prompt and transport. Values come typed from the page and are checked
// here, where they are kept; a value that does not fit is refused and the page is shown what stands.

import type { ScalarLMApi } from '../../core/api/api';
import { deploymentDefaultModel } from '../../core/batch/deployment-model';
import { BATCH_LIMITS } from '../../core/jobs/defaults';
import type { ConversationRecord } from '../../core/chat/conversation';
import type { ChatControls, ControlField, ModelChoice } from '../../protocol/chat';

export interface DeploymentModels {
  choices: ModelChoice[];
  /** The model the deployment answers with when none is named. */
  defaultModel?: string;
}

/** The models to choose from and the default one's name (as a batch names it), or undefined when the deployment cannot say. */
export async function readDeploymentModels(api: ScalarLMApi): Promise<DeploymentModels | undefined> {
  try {
    const [listed, defaultModel] = await Promise.all([api.models(), deploymentDefaultModel(api)]);
    const choices = listed.data.map((model) => (model.parent ? { id: model.id, parent: model.parent } : { id: model.id }));
    return defaultModel === undefined ? { choices } : { choices, defaultModel };
  } catch {
    return undefined;
  }
}

export function controlsOf(record: ConversationRecord, deployment: DeploymentModels | undefined): ChatControls {
  return {
    models: [...record.models],
    ...(record.params.temperature !== undefined ? { temperature: record.params.temperature } : {}),
    maxTokens: record.params.max_tokens,
    system: record.system ?? '',
    transport: record.transport,
    ...(deployment ? { choices: deployment.choices } : {}),
    ...(deployment?.defaultModel !== undefined ? { defaultModel: deployment.defaultModel } : {}),
  };
}

/** Sets one control from the text the page sent; false (and nothing changed) when the text is not a value for it. */
export function applyControl(record: ConversationRecord, field: ControlField, value: string): boolean {
  switch (field) {
    case 'temperature': {
      const text = value.trim();
      if (text === '') {
        delete record.params.temperature;
        return true;
      }
      const temperature = Number(text);
      const { min, max } = BATCH_LIMITS.temperature;
      if (!Number.isFinite(temperature) || temperature < min || temperature > max) return false;
      record.params.temperature = temperature;
      return true;
    }
    case 'maxTokens': {
      const maxTokens = Number(value.trim());
      if (!Number.isInteger(maxTokens) || maxTokens < BATCH_LIMITS.maxTokens.min) return false;
      record.params.max_tokens = maxTokens;
      return true;
    }
    case 'system':
      if (value.trim() === '') delete record.system;
      else record.system = value;
      return true;
    case 'transport':
      if (value !== 'stream' && value !== 'queue') return false;
      record.transport = value;
      return true;
  }
}

/** Sets a column's model; false for a column the conversation does not have. */
export function applyModel(record: ConversationRecord, column: number, model: string): boolean {
  if (column < 0 || column >= record.models.length) return false;
  record.models[column] = model.trim();
  return true;
}
