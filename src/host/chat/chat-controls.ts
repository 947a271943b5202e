// The chat panel's controls for the next turn, kept in the conversation record: each column's model,
// temperature, max tokens and system prompt (a single chat's are the conversation's), and the transport.
// Values come typed from the page and are checked here, where they are kept; a value that does not fit is
// refused and the page is shown what stands.

import type { ScalarLMApi } from '../../core/api/api';
import { deploymentDefaultModel } from '../../core/batch/deployment-model';
import { BATCH_LIMITS } from '../../core/batch/limits';
import { copyColumnSettings, nextColumnSettings, type ColumnSettings, type ConversationRecord } from '../../core/chat/conversation';
import type { ChatControls, ControlField, ModelChoice } from '../../protocol/chat';
import { adaptorLabel } from '../../core/training';

export interface DeploymentModels {
  choices: ModelChoice[];
  /** The model the deployment answers with when none is named. */
  defaultModel?: string;
}

/** The models to choose from and the default one's name (as a batch names it), or undefined when the deployment cannot say. */
export async function readDeploymentModels(api: ScalarLMApi): Promise<DeploymentModels | undefined> {
  try {
    const [listed, defaultModel] = await Promise.all([api.models(), deploymentDefaultModel(api)]);
    // An adaptor is named as every picker names it (adaptor-list.ts), not by its 64-character hash.
    const choices = listed.data.map((model) => (model.parent ? { id: model.id, parent: model.parent, label: adaptorLabel(model.id) } : { id: model.id }));
    return defaultModel === undefined ? { choices } : { choices, defaultModel };
  } catch {
    return undefined;
  }
}

export function controlsOf(record: ConversationRecord, deployment: DeploymentModels | undefined): ChatControls {
  return {
    models: [...record.models],
    columns: record.models.map((_, column) => {
      const { system, params } = nextColumnSettings(record, column);
      return { ...(params.temperature !== undefined ? { temperature: params.temperature } : {}), maxTokens: params.max_tokens, system: system ?? '' };
    }),
    transport: record.transport,
    ...(deployment ? { choices: deployment.choices } : {}),
    ...(deployment?.defaultModel !== undefined ? { defaultModel: deployment.defaultModel } : {}),
  };
}

/**
 * Sets one control from the text the page sent: column `column`'s temperature, max tokens or system prompt,
 * or the transport (one for the whole conversation, whatever the column: a comparison's timings compare only
 * when every column travels the same way). False (and nothing changed) when the text is not a value for it,
 * or the conversation has no such column.
 */
export function applyControl(record: ConversationRecord, field: ControlField, value: string, column = 0): boolean {
  if (field === 'transport') {
    if (value !== 'stream' && value !== 'queue') return false;
    record.transport = value;
    return true;
  }
  if (!Number.isInteger(column) || column < 0 || column >= record.models.length) return false;
  // A single chat's controls are the conversation's (its record reads as it always has); a comparison's
  // columns are set apart the first time one changes, each starting from the conversation's.
  const target: ColumnSettings = record.models.length === 1 ? record : (record.columns ??= record.models.map((_, c) => copyColumnSettings(nextColumnSettings(record, c))))[column];
  switch (field) {
    case 'temperature': {
      const text = value.trim();
      if (text === '') {
        delete target.params.temperature;
        return true;
      }
      const temperature = Number(text);
      const { min, max } = BATCH_LIMITS.temperature;
      if (!Number.isFinite(temperature) || temperature < min || temperature > max) return false;
      target.params.temperature = temperature;
      return true;
    }
    case 'maxTokens': {
      const maxTokens = Number(value.trim());
      if (!Number.isInteger(maxTokens) || maxTokens < BATCH_LIMITS.maxTokens.min) return false;
      target.params.max_tokens = maxTokens;
      return true;
    }
    case 'system':
      if (value.trim() === '') delete target.system;
      else target.system = value;
      return true;
  }
}

/** Sets a column's model; false for a column the conversation does not have. */
export function applyModel(record: ConversationRecord, column: number, model: string): boolean {
  if (column < 0 || column >= record.models.length) return false;
  record.models[column] = model.trim();
  return true;
}
