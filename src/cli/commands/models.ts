// scalarlm-lab models: the models the deployment serves, then its adaptors, each once (served in /v1/models or
// not, from its training job in GET /v1/megatron/list_models), in the words of the editor's pickers
// (host/deployment/adaptor-list).

import { isScalarLMError } from '../../core/api/errors';
import type { ScalarLMApi } from '../../core/api/api';
import type { CallOptions } from '../../core/api/types';
import { adaptorList, adaptorsHeading, runsFolderLineage, type TrainingSide } from '../../host/deployment/adaptor-list';
import type { Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { EXIT } from '../io';
import { cliRunStore } from '../run-location';

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
      // The pickers' adaptors section: its heading, then an adaptor a line with what the pickers say of it.
      if (training.state !== 'route-missing') {
        const adaptors = adaptorList(data, training, runsFolderLineage(cliRunStore(io).dir));
        io.stdout.write(`\n${adaptorsHeading(adaptors, training)}\n`);
        for (const adaptor of adaptors) io.stdout.write(`  ${adaptor.model}  ${[adaptor.description, adaptor.detail].filter((part) => part !== '').join(' · ')}\n`);
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
