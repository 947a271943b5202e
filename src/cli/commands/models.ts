// scalarlm-lab models: the base model and trained adaptors the deployment serves, then its training jobs
// (GET /v1/megatron/list_models), in the words of the editor's model picker (host/deployment/model-pick-entries).

import { isScalarLMError } from '../../core/api/errors';
import type { ScalarLMApi } from '../../core/api/api';
import type { CallOptions } from '../../core/api/types';
import { modelPickEntries, type TrainingSide } from '../../host/deployment/model-pick-entries';
import type { Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { EXIT } from '../io';

export const modelsCommand: Command = {
  name: 'models',
  summary: 'List the models the deployment serves (GET /v1/models) and its training jobs (GET /v1/megatron/list_models).',
  usage: '[options]',
  options: {},
  async run(args, io) {
    return withClient(args, io, async (client, call) => {
      const [{ data }, training] = await Promise.all([client.models(call), trainingSide(client, call)]);
      if (args.values.json) {
        io.stdout.write(json(training.state === 'found' ? { models: data, trainingJobs: training.jobs } : { models: data }));
        return EXIT.ok;
      }
      const rows = data.map((m) => [m.id, m.parent ? `adaptor of ${m.parent}` : 'base model', m.max_model_len ? `max_model_len ${m.max_model_len}` : '']);
      io.stdout.write(rows.length ? table([['MODEL', 'KIND', 'CONTEXT'], ...rows]) : 'The deployment lists no models.\n');
      // The picker's training section: its heading, then a job a line with what the picker says of it.
      const entries = modelPickEntries(data, training, '');
      const heading = entries.findIndex((entry) => entry.kind === 'separator' && entry.label.startsWith('Training jobs'));
      if (heading !== -1) {
        io.stdout.write(`\n${entries[heading].label}\n`);
        for (const entry of entries.slice(heading + 1)) if (entry.kind === 'model') io.stdout.write(`  ${withoutIcon(entry.label)}  ${entry.detail ?? ''}\n`);
      }
      return EXIT.ok;
    });
  },
};

async function trainingSide(client: ScalarLMApi, call: CallOptions): Promise<TrainingSide> {
  try {
    return (await client.trainingJobs(call)).data;
  } catch (error) {
    if (!isScalarLMError(error)) throw error;
    return { state: 'failed', reason: error.message };
  }
}

/** The picker's codicon ("$(check) ") means nothing in a terminal. */
function withoutIcon(label: string): string {
  return label.replace(/^\$\([\w-]+\) /, '');
}
